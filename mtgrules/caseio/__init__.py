"""Reading case files: load (YAML with positions), validate (schema and semantics)."""
