"""Who is who, in numbers: browser-session tokens and the throttle on guessed secrets.

A browser that signs in gets a random token (``secrets.token_urlsafe``, 256 bits) in a
cookie; the store keeps only its SHA-256 (a token this long needs no slow hash) with what it
signs in and until when. PINs are kept as salted scrypt hashes (``tutor.progress.store``).

Every failed try at a secret counts against a key (a learner's PIN, the instructor password
from one client, the instructor password from everyone): after the n-th failure in a row the
next try is not checked before a delay (:attr:`Policy.delays`); after
:attr:`Policy.lock_after` failures every further failure locks the key for
:attr:`Policy.lock_seconds`. A right answer clears the key. The counts live in the progress
store, so replicas share them and a restart keeps them. Time comes from a clock the caller
passes (tests pass a fake one).
"""

from __future__ import annotations

import hashlib
import math
import secrets
import string
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

#: What a clock is: a function giving the aware time now.
Clock = Callable[[], datetime]

#: How long a browser stays signed in without signing in again.
SESSION_DAYS = 14
SESSION_KINDS = ("learner", "instructor")


def system_clock() -> datetime:
    """The real time (UTC)."""
    return datetime.now(UTC)


def new_token() -> str:
    """An unguessable session token (43 URL-safe characters, 256 random bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the store keeps for a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Policy:
    """How one kind of secret is throttled."""

    #: seconds to wait before the next try after the 1st, 2nd... failure in a row
    delays: tuple[float, ...]
    #: after this many failures in a row, each failure locks the key
    lock_after: int
    lock_seconds: float

    def wait_after(self, failures: int) -> float:
        """Seconds before the next try is checked, after ``failures`` in a row.

        >>> [PIN_POLICY.wait_after(n) for n in range(7)]
        [0.0, 1.0, 2.0, 4.0, 8.0, 300.0, 300.0]
        """
        if failures <= 0:
            return 0.0
        if failures >= self.lock_after:
            return float(self.lock_seconds)
        return float(self.delays[failures - 1]) if failures <= len(self.delays) else 0.0


#: A learner's PIN: 1, 2, 4, 8 s between the first tries, locked 5 minutes after the 5th.
PIN_POLICY = Policy(delays=(1, 2, 4, 8), lock_after=5, lock_seconds=300)
#: The instructor password from one client (its address): as a PIN.
CLIENT_POLICY = Policy(delays=(1, 2, 4, 8), lock_after=5, lock_seconds=300)
#: The instructor password from everyone together: no delay, locked 5 minutes after 20.
OVERALL_POLICY = Policy(delays=(), lock_after=20, lock_seconds=300)


@dataclass(frozen=True)
class Refusal:
    """A try not checked: wait ``seconds`` (``locked``: there were too many tries)."""

    seconds: int
    locked: bool
    failures: int


@dataclass(frozen=True)
class Verdict:
    """The outcome of one try at a secret."""

    ok: bool
    #: set when the try was not even checked (too soon, or locked)
    refusal: Refusal | None = None
    #: failures in a row after this try (0 after a right one)
    failures: int = 0
    #: this failure locked the key, for this many seconds (0: it did not)
    locked_for: int = 0


def seconds_until(when: datetime | None, now: datetime) -> int:
    """Whole seconds from ``now`` to ``when``, rounded up (0 when past or None)."""
    if when is None or when <= now:
        return 0
    return math.ceil((when - now).total_seconds())


def expiry(now: datetime) -> datetime:
    """When a session opened ``now`` ends."""
    return now + timedelta(days=SESSION_DAYS)


#: The letters a one-time PIN is made of: no look-alikes (0/O, 1/I/l), easy to read out.
_PIN_LETTERS = "".join(
    c for c in string.digits + string.ascii_lowercase if c not in "01ilo"
)


def one_time_pin() -> str:
    """A fresh one-time PIN for a reset: 8 characters, about 40 random bits.

    >>> pin = one_time_pin()
    >>> len(pin), set(pin) <= set(_PIN_LETTERS)
    (8, True)
    """
    return "".join(secrets.choice(_PIN_LETTERS) for _ in range(8))


def pin_key(learner_id: int) -> str:
    """The throttle's key for a learner's PIN."""
    return f"pin:{int(learner_id)}"
