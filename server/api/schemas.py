"""Request and response bodies: the OpenAPI document is generated from these."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field

from .security import unicode_only

# Free-form JSON from a client (an action, options, a time control): its strings must be Unicode text.
JsonObject = Annotated[dict[str, Any], AfterValidator(unicode_only)]


class Registration(BaseModel):
    username: str = Field(min_length=1, max_length=64, description=(
        "3 to 32 characters once read in Unicode NFKC (fullwidth letters count as their ASCII forms): "
        "ASCII letters and digits, `_`, `-`, hiragana, katakana, kanji and 々; unique whatever the case "
        "or width it is written in"))
    password: str = Field(min_length=8, max_length=256, description="8 to 256 characters, not a common password")


class Credentials(BaseModel):
    username: str = Field(min_length=1, max_length=64, description="any spelling of the account's name")
    password: str = Field(min_length=1, max_length=256)


class UserOut(BaseModel):
    id: int
    username: str


class CreateMatch(BaseModel):
    game: str = Field(max_length=32)
    scenario: str | None = Field(default=None, max_length=64)
    role: str | None = Field(default=None, max_length=32,
                             description="your seat (one of the chosen scenario's seats), or none to watch")
    options: JsonObject | None = None
    seed: str | None = Field(default=None, min_length=32, max_length=128, pattern="^[0-9a-fA-F]*$",
                             description="hex, 16 to 64 bytes; fixes the dice of an unrated analysis match")
    clock: JsonObject | None = Field(default=None, description="time control: docs/play-by-web.md")
    rated: bool = True
    private: bool = Field(default=False, description="not in the lobby; seats joined by invitation link")
    on_timeout: Literal["claim", "loss", "draw"] = Field(default="claim", description=(
        "when a side runs out of time: the opponent may claim the win, or it is a loss, or a draw"))
    rate_timeouts: bool = True
    computer: dict[Annotated[str, Field(max_length=32)], Annotated[str, Field(max_length=16)]] | None = Field(
        default=None, max_length=8, description=(
            "role -> level (one of the game's `computer_levels`): computer opponents take these seats at once; "
            "such a match is never rated"))


class Join(BaseModel):
    role: str = Field(max_length=32)
    invite: str | None = Field(default=None, max_length=64, description="the token of a private seat's link")


class ActionIn(BaseModel):
    version: int = Field(ge=0, description="the version the action was chosen at")
    action: JsonObject
    id: str = Field(min_length=1, max_length=64, description="client action id; a resend is idempotent")


class ActionOut(BaseModel):
    version: int


class Problem(BaseModel):
    reason: str
    version: int | None = None


class Outcome(BaseModel):
    winner: str | None = Field(description="the winning role or side; null for a draw")
    reason: str
    score: dict[str, int]
    winners: list[str] = Field(default_factory=list, description="the seats that won: every seat of the winning "
                                                                 "side (empty for a draw)")


class MatchProgress(BaseModel):
    turn: int | None
    turns: int | None = Field(description="the scenario's last turn")
    phase: dict[str, str] | None = Field(description="language -> the name of the phase (or step) now")


class MatchSummary(BaseModel):
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    status: str = Field(description="open (waiting for players), active or finished")
    version: int
    seats: dict[str, str | None] = Field(description="every seat of this match (a role, in the game's order) -> "
                                                     "the seated player's name (null: free)")
    sides: dict[str, str] = Field(default_factory=dict, description="seat -> the side it plays (two seats may "
                                                                    "play one side and win or lose together)")
    my_role: str | None
    to_move: list[str]
    my_turn: bool
    seeded: bool
    seed_commitment: str = Field(description="hex SHA-256 of a random 16-byte salt followed by the seed; "
                                             "both are revealed in the replay when the match ends")
    outcome: Outcome | None
    created_at: str
    updated_at: str
    clock: dict[str, Any] | None = Field(default=None, description="time control and each side's time at as_of")
    rated: bool = False
    private: bool = False
    draw_by_agreement: bool = Field(default=True, description="whether the game allows a draw by agreement")
    on_timeout: str = "claim"
    offer: dict[str, Any] | None = None
    invites: dict[str, str] | None = Field(default=None, description="invitation links (creator only)")
    rematch: str | None = None
    rematch_of: str | None = None
    undo: dict[str, int] | None = Field(default=None, description="how many own actions the caller may undo")
    progress: MatchProgress | None = Field(default=None, description="the public turn and phase (null: not kept "
                                                                     "for this older match)")
    moved_at: str | None = Field(default=None, description="when the last action or undo was written (null: none yet)")
    ratings: dict[str, int | None] = Field(default_factory=dict,
                                           description="role -> the seated player's current rating in this game "
                                                       "(null: unrated or free)")
    computer: dict[str, str] = Field(default_factory=dict,
                                     description="role -> level of each seat a computer opponent holds")


class ViewOut(BaseModel):
    version: int
    role: str | None
    view: dict[str, Any]


class ReplayAction(BaseModel):
    seq: int
    role: str
    action: dict[str, Any]


class Replay(BaseModel):
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: str = Field(description="hex")
    seed_salt: str | None = Field(description="hex; seed_commitment = SHA-256(seed_salt + seed). None: a match "
                                              "made before salts, whose commitment is SHA-256(seed)")
    seed_commitment: str
    seeded: bool
    outcome: Outcome | None
    version: int
    actions: list[ReplayAction]
    at: int | None = None
    role: str | None = Field(default=None, description='whose view `view` is: a role, "spectator", or "*" '
                                                        "for everything revealed")
    view: dict[str, Any] | None = Field(default=None, description="the view after `at` actions (as `role` saw it), "
                                                                  "without actions")


class Record(BaseModel):
    won: int
    lost: int
    drawn: int


class ComputerLevel(BaseModel):
    id: str = Field(description="easy, normal or strong")
    name: dict[str, str] = Field(description="language -> name")
    record: Record = Field(description="the level's finished matches of this game against persons, from its side")


class GameScenario(BaseModel):
    id: str
    name: dict[str, str] = Field(description="language -> name")
    description: dict[str, str] = Field(default_factory=dict, description="language -> description")
    seats: list[str] = Field(description="the seats (roles) of a match of this scenario with the default "
                                         "options; a match is started when they are all taken")


class GameInfo(BaseModel):
    id: str
    names: dict[str, str]
    roles: list[str]
    role_names: dict[str, dict[str, str]] = Field(description="role -> language -> name")
    sides: dict[str, str] = Field(default_factory=dict, description="role -> the side it plays")
    scenarios: list[GameScenario]
    options: list[dict[str, Any]]
    computer_levels: list[ComputerLevel] = Field(default_factory=list, description=(
        "the computer opponents a match of this game may seat (`computer` of POST /api/matches); empty: none yet"))


class UndoIn(BaseModel):
    version: int = Field(ge=0)
    steps: int = Field(default=1, ge=1, le=500)
    id: str | None = Field(default=None, min_length=1, max_length=64, description="client id; a resend is idempotent")


class OfferIn(BaseModel):
    kind: Literal["draw", "takeback"]
    steps: int | None = Field(default=None, ge=1, le=500)


class OfferOut(BaseModel):
    kind: str = Field(description="draw or takeback")
    by: str = Field(description="the role that made the offer")
    version: int = Field(description="the version it is about: it lapses when the match moves on")
    steps: int | None = Field(default=None, description="a takeback: how many actions it takes back")


class RematchIn(BaseModel):
    swap: bool = True


class ChatIn(BaseModel):
    text: str = Field(min_length=1, max_length=2000, description=(
        "1 to 500 characters once white space at both ends is trimmed; at most 5 messages in 10 seconds"))


class ChatMessageOut(BaseModel):
    id: int
    channel: str
    user: str | None
    text: str
    at: str


class SettingsIn(BaseModel):
    email: str | None = Field(default=None, max_length=254)
    notify_email: bool | None = None
    webhook_url: str | None = Field(default=None, max_length=500)
    webhook_format: Literal["json", "discord", "slack"] | None = None
    language: Literal["en", "ja"] | None = None


class SettingsOut(BaseModel):
    email: str | None
    notify_email: bool
    webhook_url: str | None
    webhook_format: str
    language: str
    vacation_until: str | None
    vacation_days_left: int


class VacationIn(BaseModel):
    days: int = Field(ge=1, le=366)


DbId = Annotated[int, Field(ge=0, le=2**63 - 1)]  # what a database integer key can hold


class ReadIn(BaseModel):
    ids: list[DbId] | None = Field(default=None, max_length=1000)
    all: bool = False
