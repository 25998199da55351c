"""Alembic: the migrations build exactly the models' schema, and go down and up again."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from server.config import Settings
from server.store.migrate import downgrade, upgrade
from server.store.models import Base


def test_migrations_match_the_models_and_round_trip(database: str) -> None:
    url = Settings(database_url=database).sqlalchemy_url
    engine = create_engine(url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == [], f"models and migrations differ: {diff}"
    downgrade(url, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(url)
    assert {"users", "sessions", "matches", "seats", "actions", "snapshots"} <= set(inspect(engine).get_table_names())
    engine.dispose()


@pytest.mark.parametrize("url", ["postgres://u:p@h:5432/db", "postgresql://u:p@h/db"])
def test_postgres_urls_use_psycopg(url: str) -> None:
    assert Settings(database_url=url).sqlalchemy_url.startswith("postgresql+psycopg://")
