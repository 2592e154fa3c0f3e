"""One file per revision, chained by ``down_revision``."""
