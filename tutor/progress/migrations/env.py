"""Alembic's environment: run the migrations on the connection ``ProgressStore`` hands over.

``ProgressStore`` opens one transaction (``BEGIN IMMEDIATE`` on SQLite; an advisory lock on
PostgreSQL, whose DDL is transactional too) and passes its connection in
``config.attributes["connection"]``, so an upgrade is applied whole or not at all. SQLite
runs in batch mode (tables are copied where ``ALTER TABLE`` cannot do a change).

Writing a migration: foreign keys are on (``ON DELETE CASCADE``), so on SQLite never let
batch mode copy ``learners`` (dropping the old copy would delete every answer): use
``batch_alter_table(..., recreate="never")`` for column changes SQLite can do in place.
A new revision's ``down_revision`` is the newest file's ``revision``.
"""

from __future__ import annotations

from alembic import context

from tutor.progress.schema import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "The progress migrations run through tutor.progress.ProgressStore, which upgrades "
        "the database when it opens it: run `tutor health` or start the app."
    )
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
