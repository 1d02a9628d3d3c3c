"""Headless subcommands of the `foebook` command, one module each."""
