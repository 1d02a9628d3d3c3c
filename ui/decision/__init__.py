"""The decision panel: what the selected enemy does, every step of why, and the dice."""
