"""The roster: every unit of the session in one sortable, filterable, editable table."""
