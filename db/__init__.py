"""Storage: SQLAlchemy models, engine and session factory, repositories, migrations."""
