"""Cards: the declarative card vocabulary, the built-in library, and name lookup."""
