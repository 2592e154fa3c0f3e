import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from pgkit import postgres_server, silent_server  # noqa: F401  (one PostgreSQL per session)
