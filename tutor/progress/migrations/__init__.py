"""The progress database's Alembic migrations (run at start by ``ProgressStore``)."""
