"""What a permanent enters with (CR 614.1c, 614.12, 122.6, 107.3m): its counters and
the replacement effects that change them."""
