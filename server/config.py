"""Settings from the environment: SQLite and an in-process broker unless told otherwise."""

from __future__ import annotations

from functools import lru_cache

from pydantic_settings import BaseSettings, SettingsConfigDict

# For the plain-ES-module frontend: scripts, styles, fonts and images from this origin only (no inline
# script or style, no eval), the page's own websocket and fetches ('self' covers ws: and wss:), no
# plugins, no <base>, forms to this origin, never framed. /docs is served from local assets too.
DEFAULT_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    database_url: str = "sqlite:///./counterplay.db"
    redis_url: str | None = None
    # Snapshots of the state every N actions keep loading a long match fast.
    snapshot_every: int = 50
    # Argon2 cost: the library's defaults unless lowered (tests only).
    argon2_time_cost: int = 3
    argon2_memory_cost: int = 65536
    session_days: int = 30
    # Origins allowed to open websockets and send state-changing requests besides the host itself.
    allowed_origins: str = ""
    # Host names the service answers to (against DNS rebinding), comma-separated, besides PUBLIC_URL's host
    # and 127.0.0.1, localhost and ::1; ".example.org" also allows its subdomains, "*" any name. Another
    # Host gets 400.
    allowed_hosts: str = ""
    # Headers of every answer (server/api/security.py): the Content-Security-Policy ("" sends none) and the
    # Referrer-Policy ("same-origin": with "no-referrer" browsers send Origin: null on the page's own POSTs).
    content_security_policy: str = DEFAULT_CSP
    referrer_policy: str = "same-origin"
    # Slow clients (server/http_timeouts.py): seconds a request's headers may take to arrive, then its body;
    # the connection is closed after that (0: no deadline).
    header_timeout_seconds: float = 10.0
    body_timeout_seconds: float = 30.0
    # Where the service is reached from outside: the links in e-mails and webhooks.
    public_url: str = "http://127.0.0.1:8000"
    # E-mail notifications: off unless SMTP_HOST is set.
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_sender: str = "Counterplay <counterplay@localhost>"
    smtp_username: str | None = None
    smtp_password: str | None = None
    smtp_starttls: bool = False
    # Webhooks to loopback and private addresses are refused unless allowed (tests, a LAN install).
    webhook_private: bool = False
    # Correspondence vacation allowance per calendar year.
    vacation_days: int = 30
    # How often each process looks for late matches and due warnings.
    sweep_seconds: float = 5.0
    # Notification delivery (server/notify/dispatch.py): a worker in each process unless NOTIFY_WORKER is
    # false; one delivery (e-mail or webhook) has NOTIFY_DEADLINE_SECONDS in all; a failed one is tried
    # again after NOTIFY_RETRY_SECONDS, doubling each time, NOTIFY_ATTEMPTS times in all; at most
    # NOTIFY_CONCURRENCY at once per process; the outbox is read every NOTIFY_POLL_SECONDS, and at once
    # after a commit that wrote notifications.
    notify_worker: bool = True
    notify_deadline_seconds: float = 10.0
    notify_retry_seconds: float = 30.0
    notify_attempts: int = 8
    notify_concurrency: int = 16
    notify_poll_seconds: float = 2.0
    # Rate limits (server/ratelimit.py); a limit of 0 turns it off. Failed logins per account name and
    # per client address in a sliding window; registrations per client address.
    login_account_limit: int = 10
    login_ip_limit: int = 30
    login_window_seconds: float = 900.0
    register_ip_limit: int = 20
    register_window_seconds: float = 3600.0
    # The lobby (server/api/matches.py): matches an account may create in a sliding window, and may have
    # open (waiting for players) at once; 0 turns a limit off.
    match_create_limit: int = 60
    match_create_window_seconds: float = 3600.0
    match_open_limit: int = 10
    # Websocket messages per connection: a burst, a sustained rate per second, and the number of refused
    # messages within 10 seconds that closes the connection (1008).
    ws_burst: int = 20
    ws_rate: float = 5.0
    ws_flood_refusals: int = 40
    # Computer opponents (server/matches/computer.py): worker processes that think for them in each app
    # process (0: one thread of the app process, for tests and the smallest machines).
    computer_workers: int = 1

    @property
    def sqlalchemy_url(self) -> str:
        url = self.database_url
        if url.startswith("postgres://"):
            url = "postgresql://" + url[len("postgres://"):]
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://"):]
        return url


@lru_cache
def get_settings() -> Settings:
    return Settings()
