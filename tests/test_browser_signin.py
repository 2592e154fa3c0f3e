"""Sign-in mode for real: a local OpenID Connect provider, a learner and an instructor."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import (
    APP,
    ROOT,
    SCREENSHOTS,
    RunningApp,
    app_environment,
    free_port,
    launched_chromium,
    require_chromium,
    streamlit_command,
)

from tutor.bench.app import health

pytestmark = [
    pytest.mark.browser,
    # Authlib's own deprecations, raised inside oidc-provider-mock
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

DATA = ROOT / "tests" / "data" / "ui"
WAIT_MS = 30_000
TEACHER = "teacher@school.test"
PUPIL = "pupil@school.test"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require_chromium()
    import authlib  # noqa: F401  (a declared test dependency: missing, the test must fail)

    with launched_chromium(WAIT_MS) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def provider() -> Iterator[str]:
    """A local OpenID Connect provider (any subject may sign in; e-mail = subject)."""
    from oidc_provider_mock import run_server_in_thread

    with run_server_in_thread(port=0) as server:
        yield f"http://localhost:{server.server_port}"


@pytest.fixture(scope="module")
def app(
    tmp_path_factory: pytest.TempPathFactory, provider: str
) -> Iterator[RunningApp]:
    folder = tmp_path_factory.mktemp("signin-app")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    secrets = folder / "secrets.toml"
    secrets.write_text(
        "[auth]\n"
        f'redirect_uri = "{url}/oauth2callback"\n'
        'cookie_secret = "a-test-cookie-secret-that-is-long-enough"\n'
        'client_id = "stud-tutor"\n'
        'client_secret = "test-secret"\n'
        f'server_metadata_url = "{provider}/.well-known/openid-configuration"\n'
        "\n[tutor]\n"
        'auth = "signin"\n'
        f'instructors = ["{TEACHER}"]\n'
    )
    env = app_environment(
        folder / "data",
        {
            "TUTOR_SCENARIOS_DIR": str(DATA / "scenarios"),
            "TUTOR_LESSONS_DIR": str(DATA / "lessons"),
        },
    )
    env.pop("TUTOR_OPEN_INSTRUCTOR", None)
    env.pop("TUTOR_AUTH", None)
    log = folder / "streamlit.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            streamlit_command(port, APP, {"secrets.files": str(secrets)}),
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    running = RunningApp(process, url, log)
    try:
        deadline = time.monotonic() + 60
        while health(url) != "ok":
            assert process.poll() is None, running.log_text()
            assert time.monotonic() < deadline, running.log_text()
            time.sleep(0.1)
        yield running
    finally:
        running.stop()


def _sign_in(page: Any, app: RunningApp, who: str) -> None:
    from playwright.sync_api import expect

    page.goto(app.url + "/")
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_role("button", name="Sign in").click()
    page.locator("input[name=sub]").fill(who)
    page.get_by_role("button", name="Authorize").click()
    # The identity is shown as plain text: a word joiner after "@" keeps it from
    # turning into a mail link.
    shown_as = who.replace("@", "@\u2060")
    expect(
        page.get_by_test_id("stSidebar").get_by_text(f"Signed in as {shown_as}")
    ).to_be_visible()


def test_a_learner_signs_in_and_cannot_open_instructor_pages(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        _sign_in(page, app, PUPIL)
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar.get_by_text("(learner)")).to_be_visible()
        expect(sidebar.get_by_role("link", name="Walkthrough")).to_be_visible()
        expect(sidebar.get_by_role("link", name="Studio")).to_have_count(0)
        expect(sidebar.get_by_role("link", name="Class view")).to_have_count(0)
        expect(sidebar.get_by_role("combobox", name="Learner")).to_have_count(0)
        for path in ("/studio", "/class_view"):
            page.goto(app.url + path)
            expect(
                page.get_by_role("heading", name="Learn Seven Card Stud")
            ).to_be_visible()
            expect(page.get_by_text("Write a scenario with live checks")).to_have_count(
                0
            )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "signin-learner.png"))
    finally:
        context.close()


def test_an_instructor_signs_in_and_opens_the_studio_and_class_view(
    browser: Any, app: RunningApp
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        _sign_in(page, app, TEACHER)
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar.get_by_text("(instructor)")).to_be_visible()
        sidebar.get_by_role("link", name="Studio").click()
        expect(page.get_by_text("Write a scenario with live checks")).to_be_visible()
        sidebar.get_by_role("link", name="Class view").click()
        expect(page.get_by_text("No answers under these filters yet.")).to_be_visible()
        sidebar.get_by_role("button", name="Sign out").click()
        # Streamlit hands the sign-out to the provider, which asks to end the session.
        page.get_by_role("button", name="End session").click()
        page.goto(app.url + "/class_view")
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar.get_by_role("button", name="Sign in")).to_be_visible()
        expect(sidebar.get_by_role("link", name="Class view")).to_have_count(0)
    finally:
        context.close()
