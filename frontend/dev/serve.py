"""Dev server: serves frontend/ at /static/ (as the app does), and / -> the big-map page.

python3 frontend/dev/serve.py [port]   then open http://127.0.0.1:8765/static/dev/bigmap.html
"""
import functools
import http.server
import pathlib
import sys

FRONTEND = pathlib.Path(__file__).resolve().parent.parent


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".mjs": "text/javascript"}

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if path in ("/", ""):
            path = "/static/dev/bigmap.html"
        if path.startswith("/static/"):
            path = path[len("/static"):]
        return super().translate_path(path)

    def log_message(self, *args: object) -> None:
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    handler = functools.partial(Handler, directory=str(FRONTEND))
    http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
