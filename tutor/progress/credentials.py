"""The progress store's learners and secrets: names, PINs, browser sessions and the
throttle on guessed secrets (a part of :class:`tutor.progress.ProgressStore`)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import os
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from sqlalchemy import (
    delete,
    func,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from tutor.progress.connection import (
    _SCRYPT_N,
    _SCRYPT_P,
    _SCRYPT_R,
    PIN_MAX,
    PIN_MIN,
    StoreConnection,
    _learner,
    _learner_id,
    auth_log,
    bounded,
)
from tutor.progress.identity import (
    SESSION_KINDS,
    Policy,
    Refusal,
    Verdict,
    expiry,
    one_time_pin,
    pin_key,
    seconds_until,
    token_hash,
)
from tutor.progress.records import (
    Learner,
    ProgressError,
    clean_name,
    name_key,
    name_skeleton,
)
from tutor.progress.schema import (
    AuthFailureRow,
    BrowserSessionRow,
    LearnerRow,
)


class Credentials(StoreConnection):
    """Learners, PINs, browser sessions, failed tries."""

    # -- learners ----------------------------------------------------------------------

    @bounded
    def create_learner(self, name: str) -> Learner:
        """The learner with this name, created if new ("pick or create").

        Names that differ only by case, blanks, look-alike letters or markup are one name
        (:func:`tutor.progress.records.name_skeleton`), so ``"ana"`` or ``"\u0410na"``
        picks the learner created as ``"Ana"``.

        :raises ProgressError: If the name is empty, longer than 40 characters, or holds
            control or format characters, ``<`` or ``>``.
        """
        for _ in range(3):
            found = self.find_learner(name)
            if found is not None:
                return found
            cleaned = clean_name(name)
            try:
                with self._transaction(write=True) as session:
                    row = LearnerRow(
                        name=cleaned,
                        name_key=name_key(cleaned),
                        name_skeleton=name_skeleton(cleaned),
                        created_at=datetime.now(UTC),
                    )
                    session.add(row)
                    session.flush()
                    return _learner(row)
            except IntegrityError:
                continue  # another session created the same name first: pick theirs
            except SQLAlchemyError as exc:
                raise self._error(f"create the learner {cleaned!r}", exc) from exc
        raise ProgressError(
            f"Could not create the learner {clean_name(name)!r}: the name kept clashing "
            "with one being created at the same time. Try again."
        )

    @bounded
    def find_learner(self, name: str) -> Learner | None:
        """The learner with this name (compared as in :meth:`create_learner`), or None.

        The name as written first (case and blanks aside), then its skeleton: an existing
        name is found however its look-alike is typed.
        """
        if not isinstance(name, str):
            raise ProgressError(f"A learner's name must be text, not {name!r}.")
        cleaned = " ".join(name.split())[:400]
        if not cleaned or "\x00" in cleaned:  # no stored name holds a NUL (PostgreSQL
            return None  # text cannot): nobody, and never a query the server refuses
        key, folded = name_key(cleaned), name_skeleton(cleaned)
        with (
            self._guard("look up a learner"),
            self._transaction(write=False) as session,
        ):
            row = session.scalars(
                select(LearnerRow).where(LearnerRow.name_key == key[:40])
            ).one_or_none()
            if row is None and folded:
                row = session.scalars(
                    select(LearnerRow).where(LearnerRow.name_skeleton == folded)
                ).one_or_none()
            return None if row is None else _learner(row)

    @bounded
    def learner_count(self) -> int:
        """How many learners there are (the app never lists them all)."""
        with self._guard("count the learners"), self._transaction(write=False) as s:
            return int(
                s.execute(select(func.count()).select_from(LearnerRow)).scalar_one()
            )

    @bounded
    def learners(self, *, limit: int | None = None) -> list[Learner]:
        """Learners by name (case-insensitive), the first ``limit`` only if given.

        For tools and tests: no page lists every learner.
        """
        with (
            self._guard("list the learners"),
            self._transaction(write=False) as session,
        ):
            query = select(LearnerRow).order_by(LearnerRow.name_key)
            if limit is not None:
                query = query.limit(limit)
            return [_learner(row) for row in session.scalars(query)]

    # -- PINs --------------------------------------------------------------------------

    @bounded
    def set_pin(
        self, learner: Learner | int, pin: str | None, *, once: bool = False
    ) -> None:
        """Protect the learner with ``pin`` (kept as a salted scrypt hash); None removes it.

        ``once``: a one-time PIN (an instructor's reset): it opens the record once.

        :raises ProgressError: If the PIN is not 4 to 64 printable characters.
        """
        stored = None if pin is None else _hash_pin(_checked_pin(pin))
        with self._guard("set the PIN"), self._transaction(write=True) as session:
            row = self._learner_row(session, learner)
            row.pin_hash = stored
            row.pin_once = once and stored is not None

    @bounded
    def claim_learner(self, name: str, pin: str) -> Learner | None:
        """Create the learner ``name`` protected by ``pin`` in one step; None when the
        name (or one it cannot be told from) is already taken.

        :raises ProgressError: If the name or the PIN is not usable.
        """
        if self.find_learner(name) is not None:
            return None
        cleaned = clean_name(name)
        stored = _hash_pin(_checked_pin(pin))
        try:
            with self._transaction(write=True) as session:
                row = LearnerRow(
                    name=cleaned,
                    name_key=name_key(cleaned),
                    name_skeleton=name_skeleton(cleaned),
                    created_at=datetime.now(UTC),
                    pin_hash=stored,
                )
                session.add(row)
                session.flush()
                return _learner(row)
        except IntegrityError:
            return None  # claimed at the same moment by someone else
        except SQLAlchemyError as exc:
            raise self._error(f"create the learner {cleaned!r}", exc) from exc

    @bounded
    def set_first_pin(self, learner: Learner | int, pin: str) -> bool:
        """Give a learner who has no PIN (a record from before PINs were asked for) this
        one; False when the learner has one by now (nothing changed)."""
        stored = _hash_pin(_checked_pin(pin))
        with self._guard("set the PIN"), self._transaction(write=True) as session:
            result = session.execute(
                update(LearnerRow)
                .where(
                    LearnerRow.id == _learner_id(learner),
                    LearnerRow.pin_hash.is_(None),
                )
                .values(pin_hash=stored, pin_once=False)
            )
            return bool(getattr(result, "rowcount", 0))

    @bounded
    def has_pin(self, learner: Learner | int) -> bool:
        """Whether the learner has a PIN."""
        with self._guard("read the PIN"), self._transaction(write=False) as session:
            return self._learner_row(session, learner).pin_hash is not None

    @bounded
    def pin_is_once(self, learner: Learner | int) -> bool:
        """Whether the learner's PIN is a one-time PIN from a reset."""
        with self._guard("read the PIN"), self._transaction(write=False) as session:
            return bool(self._learner_row(session, learner).pin_once)

    @bounded
    def check_pin(self, learner: Learner | int, pin: str) -> bool:
        """Whether ``pin`` is the learner's PIN (always True for a learner without one).

        The comparison takes the same time whatever the PIN is. A one-time PIN that
        matches is spent: it is replaced by a random one nobody knows (the learner, now
        signed in, chooses their own).
        """
        with self._guard("read the PIN"), self._transaction(write=False) as session:
            row = self._learner_row(session, learner)
            stored, once = row.pin_hash, bool(row.pin_once)
        if stored is None:
            return True
        if not isinstance(pin, str):
            return False
        matches = _pin_matches(stored, pin)
        if matches and once:
            spent = _hash_pin(base64.b64encode(os.urandom(24)).decode())
            with self._guard("spend the PIN"), self._transaction(write=True) as session:
                result = session.execute(
                    update(LearnerRow)
                    .where(
                        LearnerRow.id == _learner_id(learner),
                        LearnerRow.pin_hash == stored,
                    )
                    .values(pin_hash=spent, pin_once=False)
                )
                matches = bool(getattr(result, "rowcount", 0))  # spent once only
        return matches

    @bounded
    def reset_pin(self, learner: Learner | int) -> str:
        """An instructor's reset: a new one-time PIN (returned, kept only hashed), the
        learner signed out everywhere, the failed tries at the old PIN forgotten."""
        pin = one_time_pin()
        self.set_pin(learner, pin, once=True)
        self.end_learner_sessions(learner)
        self.clear_failures(pin_key(_learner_id(learner)))
        return pin

    @bounded
    def learner_pins(self, *, limit: int = 1000) -> list[tuple[Learner, bool]]:
        """Learners by name with whether each has a PIN (the Class view's list)."""
        with self._guard("list the PINs"), self._transaction(write=False) as session:
            query = select(LearnerRow).order_by(LearnerRow.name_key).limit(limit)
            return [
                (_learner(row), row.pin_hash is not None)
                for row in session.scalars(query)
            ]

    @bounded
    def pin_holders(self, learner_ids: Sequence[int]) -> set[int]:
        """Which of these learners have a PIN (the Class view lists them)."""
        ids = [int(i) for i in learner_ids]
        if not ids:
            return set()
        with self._guard("read the PINs"), self._transaction(write=False) as session:
            query = select(LearnerRow.id).where(
                LearnerRow.id.in_(ids), LearnerRow.pin_hash.is_not(None)
            )
            return {int(i) for i in session.scalars(query)}

    # -- browser sessions ----------------------------------------------------------------

    @bounded
    def open_session(
        self, token: str, kind: str, learner: Learner | int | None, *, now: datetime
    ) -> None:
        """Remember that the browser holding ``token`` is signed in (as ``learner``, or to
        the instructor pages) until :data:`SESSION_DAYS` from ``now``; expired sessions
        are dropped on the way."""
        if kind not in SESSION_KINDS or (kind == "learner") != (learner is not None):
            raise ProgressError(
                f"A session is for a learner or for the instructor pages, not {kind!r}."
            )
        with self._guard("sign in"), self._transaction(write=True) as session:
            session.execute(
                delete(BrowserSessionRow).where(BrowserSessionRow.expires_at <= now)
            )
            session.merge(
                BrowserSessionRow(
                    token_hash=token_hash(token),
                    kind=kind,
                    learner_id=None if learner is None else _learner_id(learner),
                    created_at=now,
                    expires_at=expiry(now),
                )
            )

    @bounded
    def session_learner(self, token: str, *, now: datetime) -> Learner | None:
        """The learner the browser holding ``token`` is signed in as, or None."""
        with self._guard("read the session"), self._transaction(write=False) as session:
            row = session.execute(
                select(LearnerRow)
                .join(BrowserSessionRow, BrowserSessionRow.learner_id == LearnerRow.id)
                .where(
                    BrowserSessionRow.token_hash == token_hash(token),
                    BrowserSessionRow.kind == "learner",
                    BrowserSessionRow.expires_at > now,
                )
            ).scalar_one_or_none()
            return None if row is None else _learner(row)

    @bounded
    def session_is(self, token: str, kind: str, *, now: datetime) -> bool:
        """Whether ``token`` is a live session of this kind."""
        with self._guard("read the session"), self._transaction(write=False) as session:
            found = session.scalars(
                select(BrowserSessionRow.token_hash).where(
                    BrowserSessionRow.token_hash == token_hash(token),
                    BrowserSessionRow.kind == kind,
                    BrowserSessionRow.expires_at > now,
                )
            ).first()
            return found is not None

    @bounded
    def end_session(self, token: str) -> None:
        """Sign the browser holding ``token`` out (its token is no good any more)."""
        with self._guard("sign out"), self._transaction(write=True) as session:
            session.execute(
                delete(BrowserSessionRow).where(
                    BrowserSessionRow.token_hash == token_hash(token)
                )
            )

    @bounded
    def end_learner_sessions(self, learner: Learner | int) -> int:
        """Sign the learner out in every browser (after a PIN reset); how many."""
        with self._guard("sign out"), self._transaction(write=True) as session:
            result = session.execute(
                delete(BrowserSessionRow).where(
                    BrowserSessionRow.learner_id == _learner_id(learner)
                )
            )
            return int(getattr(result, "rowcount", 0) or 0)

    # -- the throttle on guessed secrets -------------------------------------------------

    @bounded
    def try_secret(
        self,
        keys: Sequence[tuple[str, Policy]],
        check: Callable[[], bool],
        *,
        now: datetime,
    ) -> Verdict:
        """Check a secret with ``check`` unless a key says wait; count the outcome.

        The try is reserved first (in one transaction the next try on each key is put off
        as a failure would put it off), so parallel tabs or replicas get no extra tries.
        One log line (WARNING) for each failure and each lock, and one at DEBUG for each
        try refused unchecked; never the secret.
        """
        refusal = self._reserve_try(keys, now)
        if refusal is not None:  # DEBUG: a guesser's flood of refused tries stays out
            auth_log.debug(
                "try at %s refused: %s for %d s more (%d failures in a row)",
                "+".join(k for k, _ in keys),
                "locked" if refusal.locked else "too soon",
                refusal.seconds,
                refusal.failures,
            )
            return Verdict(ok=False, refusal=refusal, failures=refusal.failures)
        ok = bool(check())
        with self._guard("count the try"), self._transaction(write=True) as session:
            if ok:
                session.execute(
                    delete(AuthFailureRow).where(
                        AuthFailureRow.key.in_([k for k, _ in keys])
                    )
                )
                return Verdict(ok=True)
            first_failures, locked_for = 0, 0
            for number, (key, policy) in enumerate(keys):
                row = session.get(AuthFailureRow, key)
                if row is None:  # pragma: no cover - reserved above
                    row = AuthFailureRow(key=key, failures=0)
                    session.add(row)
                row.failures += 1
                row.last_failure_at = now
                wait = policy.wait_after(row.failures)
                row.next_try_at = now + timedelta(seconds=wait) if wait else None
                auth_log.warning(
                    "failed try at %s (failure %d in a row; next try in %d s)",
                    key,
                    row.failures,
                    math.ceil(wait),
                )
                if row.failures >= policy.lock_after:
                    locked_for = max(locked_for, math.ceil(policy.lock_seconds))
                    auth_log.warning(
                        "%s locked for %d s after %d failures in a row",
                        key,
                        math.ceil(policy.lock_seconds),
                        row.failures,
                    )
                if number == 0:
                    first_failures = row.failures
            return Verdict(ok=False, failures=first_failures, locked_for=locked_for)

    def _reserve_try(
        self, keys: Sequence[tuple[str, Policy]], now: datetime
    ) -> Refusal | None:
        insert = pg_insert if not self.is_sqlite else sqlite_insert
        with self._guard("count the try"), self._transaction(write=True) as session:
            session.execute(
                insert(AuthFailureRow)
                .values([{"key": k, "failures": 0} for k, _ in keys])
                .on_conflict_do_nothing(index_elements=["key"])
            )
            rows = {
                row.key: row
                for row in session.scalars(
                    select(AuthFailureRow)
                    .where(AuthFailureRow.key.in_([k for k, _ in keys]))
                    .with_for_update()
                )
            }
            refusal: Refusal | None = None
            for key, policy in keys:
                row = rows[key]
                wait = seconds_until(row.next_try_at, now)
                if wait and (refusal is None or wait > refusal.seconds):
                    locked = row.failures >= policy.lock_after
                    refusal = Refusal(
                        seconds=wait, locked=locked, failures=row.failures
                    )
            if refusal is not None:
                return refusal
            for key, policy in keys:
                row = rows[key]
                hold = policy.wait_after(row.failures + 1)
                row.next_try_at = now + timedelta(seconds=hold) if hold else None
            return None

    @bounded
    def clear_failures(self, key: str) -> None:
        """Forget the failed tries at ``key`` (an instructor's reset ends a lock)."""
        with self._guard("clear the tries"), self._transaction(write=True) as session:
            session.execute(delete(AuthFailureRow).where(AuthFailureRow.key == key))


def _checked_pin(pin: object) -> str:
    if (
        not isinstance(pin, str)
        or not PIN_MIN <= len(pin) <= PIN_MAX
        or not pin.isprintable()
    ):
        shown = f"{len(pin)} characters" if isinstance(pin, str) else repr(pin)[:20]
        raise ProgressError(
            f"That PIN ({shown}) is not usable: give {PIN_MIN} to {PIN_MAX} letters, "
            "digits or other printable characters."
        )
    return pin


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32
    )


def _hash_pin(pin: str) -> str:
    """``scrypt$n$r$p$salt$hash`` with a fresh random salt (base64 parts)."""
    salt = os.urandom(16)
    digest = _scrypt(pin, salt, _SCRYPT_N, _SCRYPT_R, _SCRYPT_P)
    parts = (base64.b64encode(salt).decode(), base64.b64encode(digest).decode())
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${parts[0]}${parts[1]}"


def _pin_matches(stored: str, pin: str) -> bool:
    """Whether ``pin`` hashes to ``stored`` (compared in constant time)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        given = _scrypt(pin, base64.b64decode(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(given, expected)
