"""`escoba-spec studio`: the rule files of a folder, their rulebook, play, simulate, analyze and diff in the browser.

A local web app: `server` binds the port and runs uvicorn; `app` is the
Starlette app (the page and the JSON API under /api), wrapped by `guard` (the
token, body limits, the page's security policy). The API calls the library:
`checks` validates the text being edited, `tables` plays a match with a person
at one seat, `jobs` runs simulations in a worker thread and `analyses` the
balance report there, `workspace` confines every path to FOLDER and saves
atomically. The page is built from
`studio-web/` (CodeMirror 6, vite) into `static/`, shipped in the package.
"""

from .app import make_app
from .server import serve

__all__ = ["make_app", "serve"]
