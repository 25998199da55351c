// UI strings in English and Japanese, the reader's language, and game-message rendering.
// Importable in node: the browser globals are touched only inside functions.

export const LANGS = ["en", "ja"];

const UI = {
  en: {
    "app.name": "Counterplay",
    "lang.toggle": "日本語",
    "lang.toggle.label": "Switch language to Japanese",
    "nav.lobby": "Lobby",
    "auth.username": "Username",
    "auth.password": "Password",
    "auth.register": "Register",
    "auth.login": "Log in",
    "auth.logout": "Log out",
    "auth.signed_in": "Signed in as {name}",
    "auth.new_here": "New here? Register",
    "auth.have_account": "Log in",
    "lobby.create": "Create a match",
    "lobby.game": "Game",
    "lobby.scenario": "Scenario",
    "lobby.role": "Your side",
    "lobby.option_on": "on",
    "lobby.option_off": "off",
    "lobby.watch_only": "None (watch only)",
    "lobby.seed": "Seed (optional, hex; marks the match as seeded)",
    "lobby.create_button": "Create",
    "lobby.open": "Open matches",
    "lobby.mine": "My matches",
    "lobby.active": "Matches in progress",
    "lobby.finished": "Finished matches",
    "lobby.none": "None.",
    "lobby.join": "Join as {role}",
    "lobby.watch": "Watch",
    "lobby.open_match": "Open",
    "lobby.replay": "Replay",
    "lobby.your_turn": "Your move",
    "lobby.their_turn": "Waiting for {roles}",
    "lobby.login_to_play": "Log in or register to create and join matches.",
    "lobby.games": "Games",
    "match.status.open": "waiting for players",
    "match.status.active": "in progress",
    "match.status.finished": "finished",
    "match.seats": "Seats",
    "match.free": "free",
    "match.seed_commitment": "Seed commitment (SHA-256)",
    "match.seeded": "seeded (fixed by its creator; unrated)",
    "match.seeded_badge": "seeded",
    "match.version": "Move {n}",
    "match.spectator": "You are watching this match: you see only what is public.",
    "match.you_play": "You play {role}.",
    "match.your_turn": "Your move",
    "match.waiting": "Waiting for {roles}",
    "match.actions": "Actions",
    "match.offmap": "Off the map",
    "match.log": "Log",
    "match.over": "The match is over.",
    "match.winner": "{winner} wins",
    "match.draw": "Draw",
    "match.score": "Score",
    "match.replay_link": "Watch the replay",
    "match.connected": "live",
    "match.connecting": "connecting…",
    "match.offline": "offline: retrying",
    "match.cancel": "Cancel",
    "match.choose": "Choose",
    "match.select_unit": "Select to move",
    "match.not_found": "Match not found.",
    "match.sending": "Sending…",
    "map.zoom_in": "Zoom in",
    "map.zoom_out": "Zoom out",
    "map.fit": "Fit the map",
    "map.keys": "Map: drag to pan, wheel or pinch to zoom; keys + − 0 and arrows",
    "map.overlay.numbers": "Hex numbers",
    "map.overlay.army_lines": "Army zones",
    "map.overlay.west_wall": "West Wall",
    "map.overlay.occupation": "Occupation",
    "map.overlay.supply": "Supply markers",
    "map.place.town": "town",
    "map.place.city": "city",
    "map.place.important": "important city",
    "map.place.fortress": "fortress city",
    "map.entry": "entry",
    "map.occupied.german": "occupied by the Germans",
    "map.occupied.allied": "occupied by the Allies",
    "stack.title": "Stack in {hex}",
    "stack.close": "Close",
    "stack.select": "Select",
    "unit.full": "full strength",
    "unit.reduced": "reduced",
    "unit.steps": "Steps",
    "unit.division": "Division",
    "unit.hits": "{n} hit(s)",
    "unit.casualty": "casualty marker",
    "unit.wounded": "wounded",
    "marker.no_fire": "No Fire",
    "marker.no_move": "No Move",
    "marker.no_fire_move": "No Fire/Move",
    "map.los": "Line of sight from {unit}",
    "map.los_hint": "Click an officer to show its line of sight",
    "map.los_clear": "Hide",
    "map.fire_from": "Firing from {area}: click a target area",
    "map.contested": "contested",
    "map.flare": "flare",
    "marker.out_of_supply": "out of supply",
    "marker.isolated": "isolated",
    "marker.option_retreat": "option retreat",
    "odds.title": "Odds",
    "odds.vs": "vs",
    "odds.raw": "Raw odds",
    "odds.column": "Column",
    "odds.target": "Target",
    "odds.attackers": "Attackers",
    "track.turn": "Turn",
    "track.vp": "Victory points",
    "track.german_win": "German win at",
    "track.allied_win": "Allied win at",
    "track.reinforcements": "Reinforcements",
    "track.air": "Air support markers left",
    "track.none": "—",
    "replay.title": "Replay",
    "replay.first": "First",
    "replay.prev": "Previous",
    "replay.next": "Next",
    "replay.last": "Last",
    "replay.position": "After {n} of {total} actions",
    "replay.seed": "Seed",
    "replay.verify": "Verify",
    "replay.verified": "SHA-256(seed) matches the commitment published at creation.",
    "replay.mismatch": "SHA-256(seed) does NOT match the commitment!",
    "replay.not_finished": "The replay is available once the match is over.",
    "replay.action": "Action {n}: {role}",
    "replay.setup": "Set-up",
    "error.generic": "Something went wrong: {reason}",
    "error.network": "The server cannot be reached.",
    "page.not_found": "Page not found.",
    "yes": "yes",
    "no": "no",
  },
  ja: {
    "app.name": "Counterplay",
    "lang.toggle": "English",
    "lang.toggle.label": "英語に切り替え",
    "nav.lobby": "ロビー",
    "auth.username": "ユーザー名",
    "auth.password": "パスワード",
    "auth.register": "登録",
    "auth.login": "ログイン",
    "auth.logout": "ログアウト",
    "auth.signed_in": "{name} としてログイン中",
    "auth.new_here": "はじめての方は登録",
    "auth.have_account": "ログイン",
    "lobby.create": "対戦を作成",
    "lobby.game": "ゲーム",
    "lobby.scenario": "シナリオ",
    "lobby.role": "担当陣営",
    "lobby.option_on": "あり",
    "lobby.option_off": "なし",
    "lobby.watch_only": "なし(観戦のみ)",
    "lobby.seed": "シード(任意・16進。指定した対戦はシード付きと表示)",
    "lobby.create_button": "作成",
    "lobby.open": "参加者募集中",
    "lobby.mine": "自分の対戦",
    "lobby.active": "進行中の対戦",
    "lobby.finished": "終了した対戦",
    "lobby.none": "ありません。",
    "lobby.join": "{role}で参加",
    "lobby.watch": "観戦",
    "lobby.open_match": "開く",
    "lobby.replay": "リプレイ",
    "lobby.your_turn": "あなたの手番",
    "lobby.their_turn": "{roles}の手番",
    "lobby.login_to_play": "対戦の作成・参加にはログインまたは登録が必要です。",
    "lobby.games": "ゲーム",
    "match.status.open": "参加者待ち",
    "match.status.active": "進行中",
    "match.status.finished": "終了",
    "match.seats": "席",
    "match.free": "空き",
    "match.seed_commitment": "シードのコミットメント (SHA-256)",
    "match.seeded": "シード付き(作成者が固定・レートなし)",
    "match.seeded_badge": "シード固定",
    "match.version": "{n}手目",
    "match.spectator": "観戦中です。公開情報のみ表示されます。",
    "match.you_play": "あなたは{role}です。",
    "match.your_turn": "あなたの手番",
    "match.waiting": "{roles}の手番を待っています",
    "match.actions": "行動",
    "match.offmap": "盤外",
    "match.log": "記録",
    "match.over": "対戦は終了しました。",
    "match.winner": "{winner}の勝利",
    "match.draw": "引き分け",
    "match.score": "得点",
    "match.replay_link": "リプレイを見る",
    "match.connected": "接続中",
    "match.connecting": "接続しています…",
    "match.offline": "切断:再接続を試みています",
    "match.cancel": "キャンセル",
    "match.choose": "選択",
    "match.select_unit": "移動するユニットを選択",
    "match.not_found": "対戦が見つかりません。",
    "match.sending": "送信中…",
    "map.zoom_in": "拡大",
    "map.zoom_out": "縮小",
    "map.fit": "全体表示",
    "map.keys": "地図:ドラッグで移動、ホイールかピンチで拡大縮小、キー + − 0 と矢印",
    "map.overlay.numbers": "ヘクス番号",
    "map.overlay.army_lines": "軍作戦区域",
    "map.overlay.west_wall": "西方防壁",
    "map.overlay.occupation": "占領",
    "map.overlay.supply": "補給マーカー",
    "map.place.town": "町",
    "map.place.city": "都市",
    "map.place.important": "重要都市",
    "map.place.fortress": "要塞都市",
    "map.entry": "登場",
    "map.occupied.german": "ドイツ軍占領",
    "map.occupied.allied": "連合軍占領",
    "stack.title": "{hex}のスタック",
    "stack.close": "閉じる",
    "stack.select": "選択",
    "unit.full": "完全戦力",
    "unit.reduced": "減少",
    "unit.steps": "ステップ",
    "unit.division": "師団",
    "unit.hits": "ヒット{n}",
    "unit.casualty": "負傷者マーカー",
    "unit.wounded": "負傷",
    "marker.no_fire": "射撃不可",
    "marker.no_move": "移動不可",
    "marker.no_fire_move": "射撃/移動不可",
    "map.los": "{unit}の視認線",
    "map.los_hint": "将校をクリックすると視認線を表示",
    "map.los_clear": "隠す",
    "map.fire_from": "{area}から射撃:目標エリアをクリック",
    "map.contested": "抗争中",
    "map.flare": "フレア",
    "marker.out_of_supply": "補給切れ",
    "marker.isolated": "孤立",
    "marker.option_retreat": "オプション・リトリート",
    "odds.title": "戦闘比",
    "odds.vs": "対",
    "odds.raw": "修正前の戦闘比",
    "odds.column": "適用コラム",
    "odds.target": "目標",
    "odds.attackers": "攻撃ユニット",
    "track.turn": "ターン",
    "track.vp": "勝利得点",
    "track.german_win": "ドイツ軍勝利",
    "track.allied_win": "連合軍勝利",
    "track.reinforcements": "増援",
    "track.air": "残り空軍支援マーカー",
    "track.none": "—",
    "replay.title": "リプレイ",
    "replay.first": "最初",
    "replay.prev": "前へ",
    "replay.next": "次へ",
    "replay.last": "最後",
    "replay.position": "{total}手中{n}手目の後",
    "replay.seed": "シード",
    "replay.verify": "検証",
    "replay.verified": "シードのSHA-256は作成時に公開されたコミットメントと一致します。",
    "replay.mismatch": "シードのSHA-256がコミットメントと一致しません!",
    "replay.not_finished": "リプレイは対戦終了後に見られます。",
    "replay.action": "{n}手目:{role}",
    "replay.setup": "初期配置",
    "error.generic": "エラー:{reason}",
    "error.network": "サーバーに接続できません。",
    "page.not_found": "ページが見つかりません。",
    "yes": "はい",
    "no": "いいえ",
  },
};

let current = null;
const listeners = new Set();

function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (privacy mode)
  }
}

/** The reader's language: the stored choice, else the browser's, else English. */
export function getLang() {
  if (current) return current;
  const stored = storage()?.getItem("lang");
  const nav = globalThis.navigator?.language ?? "en";
  current = LANGS.includes(stored) ? stored : nav.toLowerCase().startsWith("ja") ? "ja" : "en";
  return current;
}

export function setLang(lang) {
  if (!LANGS.includes(lang) || lang === getLang()) return;
  current = lang;
  storage()?.setItem("lang", lang);
  if (globalThis.document) document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Replaces {name} placeholders; an unknown placeholder stays as written. */
export function format(text, args = {}, show = String) {
  return text.replace(/\{([A-Za-z0-9_.]+)\}/g, (whole, name) =>
    Object.hasOwn(args ?? {}, name) ? show(args[name]) : whole);
}

/** A UI string in the current language (falls back to English, then to the key). */
export function t(key, args, lang = getLang()) {
  const text = UI[lang]?.[key] ?? UI.en[key] ?? key;
  return args ? format(text, args) : text;
}

const isMessage = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && typeof v.key === "string";
const isLocalised = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && (typeof v.en === "string" || typeof v.ja === "string");

/** Turns one message argument into text: a nested message, a {en, ja} name, a list, or a scalar. */
export function renderArg(value, catalogue, lang = getLang()) {
  if (value === null || value === undefined) return "";
  if (isMessage(value)) return render(value, catalogue, lang);
  if (isLocalised(value)) return value[lang] ?? value.en ?? value.ja;
  if (Array.isArray(value)) return value.map((v) => renderArg(v, catalogue, lang)).join(lang === "ja" ? "、" : ", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Renders a game message {key, args} with a catalogue. `catalogue` is either one language's
 * {key: text} map or the whole {en: {...}, ja: {...}}; args may themselves be messages.
 * A missing key renders as the key itself.
 */
export function render(message, catalogue, lang = getLang()) {
  if (message === null || message === undefined) return "";
  if (typeof message === "string") message = { key: message };
  const texts = pickCatalogue(catalogue, lang);
  const text = texts?.[message.key] ?? pickCatalogue(catalogue, "en")?.[message.key];
  if (text === undefined) return message.key;
  return format(text, message.args ?? {}, (v) => renderArg(v, catalogue, lang));
}

/** Whether a catalogue (one language or all) has a key. */
export function hasKey(catalogue, key, lang = getLang()) {
  return pickCatalogue(catalogue, lang)?.[key] !== undefined || pickCatalogue(catalogue, "en")?.[key] !== undefined;
}

function pickCatalogue(catalogue, lang) {
  if (!catalogue) return null;
  if (catalogue.en && typeof catalogue.en === "object") return catalogue[lang] ?? catalogue.en;
  return catalogue;
}

/** For tests: the UI tables. */
export const UI_STRINGS = UI;
