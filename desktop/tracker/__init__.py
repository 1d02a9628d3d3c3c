"""A play session as a domain object: commands, history, turn order."""
