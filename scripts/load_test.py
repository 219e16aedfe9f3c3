"""A room full of people on one server, without a browser per person: Locust drives the dashboard
through Streamlit's own WebSocket protocol, the `streamlit.proto` BackMsg a browser sends (open a
page from a link's query string, set a widget, change page: each a `rerun_script` with the page's
widget states, as the frontend's widget manager sends them) and the ForwardMsg it gets back.

Two scenarios, each on a fresh server started as `make run` starts it (scripts/serve.py), on
loopback only:
- meeting: N people open the same shared link within a few seconds; every fourth then edits the
  new-jobs figure a few times, each to a value of their own; the rest watch, and after the edits
  rerun the page.
- team: N analysts, each on their own project from their own link, each editing every few seconds,
  once going to Compare locations and back, and at the end rerunning the page.

Every session's "Annual credit" is checked after every run against `grownj.evaluate` of the
scenario that session should hold (a watcher's still the shared link's), so a figure from another
session is caught. Per interaction it reports the median and 95th percentile of the time from the
message sent to the run's end (the server's `script_finished`; the browser's drawing is not in it),
the errors (an exception on the page, a wrong figure, a run that never ends), and the server's CPU
and memory. Each run is bounded: its users, their steps and a time limit. Prints figures; asserts
nothing.

    scripts/load_test.py [--users 1 10 25] [--scenario meeting team] [--servers 1] [--edits 3]

`--servers 2` starts two server processes and gives each user one of them in turn, as two
`--server.port`s behind one address with sticky sessions would."""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()  # Locust's users are greenlets: the socket calls below must yield to one another

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

import gevent  # noqa: E402
import psutil  # noqa: E402
import websocket  # noqa: E402
from locust import User, constant, task  # noqa: E402
from locust.env import Environment  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))
import grownj  # noqa: E402
from browser_benchmark import machine, start  # noqa: E402  (the server as `make run` starts it)
from load_benchmark import PROJECTS, dollars, project_link  # noqa: E402  (the meeting's projects)

METRIC, JOBS = "Annual credit", "w_new_jobs"
OTHER_PAGE = "Compare_locations"
FINISHED_EARLY_FOR_RERUN = 2  # ScriptFinishedStatus: the run gave way to the rerun it asked for
RUN_TIMEOUT_S = 120  # a run that has not ended by then counts as an error
INTERACTIONS = ("open link", "edit", "change page", "back to calculator", "rerun")


class Session:
    """One browser tab as the server sees it: a WebSocket, the elements on screen by their place in
    the page, and the widget values the frontend would send with every rerun."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.ws = websocket.create_connection(f"ws://{parts.netloc}/_stcore/stream", subprotocols=["streamlit"],
                                              timeout=RUN_TIMEOUT_S)
        self.elements: dict[tuple, tuple[str, object, str]] = {}  # delta path: (kind, proto, fragment)
        self.values: dict[str, WidgetState] = {}  # each widget's value as the frontend holds it, by id
        self.query, self.page_hash, self.pages, self.exceptions = "", "", {}, 0

    def close(self) -> None:
        self.ws.close()

    def _rerun(self, fragment: str = "", page_hash: str | None = None, page_name: str = "") -> None:
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash if page_hash is None else page_hash
        state.page_name = page_name
        state.fragment_id = fragment
        for widget in self.widget_states():
            state.widget_states.widgets.append(widget)
        self.ws.send_binary(msg.SerializeToString())

    def widget_states(self) -> list[WidgetState]:
        """Every widget on screen with its value (the frontend's widget manager sends them all with
        each rerun, so the server keeps what is not edited)."""
        on_screen = {getattr(el, "id", "") for _, el, _ in self.elements.values()}
        return [state for wid, state in self.values.items() if wid in on_screen]

    def _hold(self, kind: str, el) -> None:
        """A widget drawn: the frontend takes its value from the app when the app sets one or the
        widget is new, and otherwise keeps the value it has (what the person typed, say)."""
        wid = getattr(el, "id", "")
        if wid.startswith("$$ID") and (getattr(el, "set_value", False) or wid not in self.values):
            value = shown_value(kind, el)
            if value is not None:
                self.values[wid] = WidgetState(id=wid, **value)

    def _until_run_ends(self) -> float:
        """Read the server's messages until the run (and any rerun it asked for) has ended; the seconds
        since the request. A full run replaces what is on screen, a fragment's run its own part."""
        began, seen, fragment_run = time.perf_counter(), set(), None
        while True:
            msg = ForwardMsg()
            msg.ParseFromString(self.ws.recv())
            kind = msg.WhichOneof("type")
            if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                element = msg.delta.new_element
                path = tuple(msg.metadata.delta_path)
                name = element.WhichOneof("type")
                proto = getattr(element, name)
                self.elements[path] = (name, proto, msg.delta.fragment_id)
                self._hold(name, proto)
                seen.add(path)
                fragment_run = fragment_run if fragment_run is not None else msg.delta.fragment_id
                self.exceptions += name == "exception"
            elif kind == "delta":
                seen.add(tuple(msg.metadata.delta_path))
            elif kind == "page_info_changed":
                self.query = msg.page_info_changed.query_string
            elif kind == "navigation":
                self.pages = {p.url_pathname: p.page_script_hash for p in msg.navigation.app_pages}
            elif kind == "new_session":
                self.page_hash = msg.new_session.page_script_hash
                seen.clear()
            elif kind == "script_finished" and msg.script_finished != FINISHED_EARLY_FOR_RERUN:
                full = msg.script_finished == 0
                self.elements = {p: e for p, e in self.elements.items()
                                 if p in seen or (not full and e[2] != fragment_run)}
                return time.perf_counter() - began

    def open(self, link: str) -> float:
        """A link opened in a new tab: its page (from the path) and its query string."""
        parts = urlsplit(link)
        self.query = parts.query
        self._rerun(page_hash="", page_name=parts.path.strip("/"))
        return self._until_run_ends()

    def type_into(self, key: str, text: str) -> float:
        """Text typed into the input whose key is `key`, then Enter: a rerun of its fragment, if any."""
        kind, el, fragment = next(e for e in self.elements.values() if getattr(e[1], "id", "").endswith("-" + key))
        self.values[el.id] = WidgetState(id=el.id, string_value=text)
        self._rerun(fragment=fragment)
        return self._until_run_ends()

    def rerun(self) -> float:
        """The page run again as it is (the menu's Rerun): what the session holds, drawn anew."""
        self._rerun()
        return self._until_run_ends()

    def go_to(self, url_path: str) -> float:
        """A page's link in the sidebar clicked: the same session, the other page's script."""
        self._rerun(page_hash=self.pages[url_path])
        return self._until_run_ends()

    def metric(self, label: str) -> str | None:
        return next((el.body for kind, el, _ in self.elements.values() if kind == "metric" and el.label == label),
                    None)


def shown_value(kind: str, el) -> dict | None:
    """A widget's value as the frontend reports it unedited: the app's value where it set one, else
    the widget's default."""
    if kind == "checkbox":
        return {"bool_value": el.value if el.set_value else el.default}
    if kind in ("text_input", "text_area"):
        if el.set_value:
            return {"string_value": el.value}
        return {"string_value": el.default} if el.HasField("default") else None
    if kind in ("selectbox", "radio"):
        if el.set_value:
            return {"string_value": el.raw_value} if el.HasField("raw_value") else None
        return {"string_value": el.options[el.default]} if el.HasField("default") and el.default >= 0 else None
    if kind == "number_input":
        value = el.value if el.set_value else el.default
        return {"int_value": int(value)} if el.data_type == el.INT else {"double_value": value}
    if kind == "slider":
        return {"double_array_value": {"data": list(el.value if el.set_value else el.default)}}
    if kind == "multiselect":
        return {"string_array_value": {"data": list(el.raw_values) if el.set_value else
                                       [el.options[i] for i in el.default]}}
    return None  # buttons (a trigger, sent only when clicked), charts without a selection, page links


class Person(User):
    """One person of a scenario, given their steps by `plan` before the run; abstract."""
    abstract = True
    wait_time = constant(3600)  # longer than any run: each person's steps are done once
    # Each person's link, scenario, edits as (pause s, new jobs), whether they go to another page, and
    # the pause before their last look (a rerun).
    plan: list = []
    url_of: list = []  # each person's server
    outcome: dict = {}

    def timed(self, name: str, step, expected) -> None:
        """One interaction, reported to Locust with its time to the run's end, and checked."""
        failure = None
        began = time.perf_counter()
        try:
            seconds = step()
            shown = self.session.metric(METRIC)
            if self.session.exceptions:
                failure = f"{self.session.exceptions} exception(s) on the page"
            elif expected is not None:
                Person.outcome["checked"] += 1
                want = round(grownj.evaluate(expected, grownj.load("enacted")).annual_credit)
                if shown is None or dollars(shown) != want:
                    failure = f"{METRIC} {shown}, the engine ${want:,} (new jobs {expected.new_jobs})"
        except Exception as exc:  # a run that never ended, a closed socket: the person sees a broken page
            seconds, failure = time.perf_counter() - began, f"{type(exc).__name__}: {exc}"
        if failure:
            Person.outcome["failures"].append(f"person {self.number + 1}, {name}: {failure}")
        Person.outcome["times"].setdefault(name, []).append(seconds)
        self.environment.events.request.fire(request_type="WS", name=name, response_time=seconds * 1000,
                                             response_length=0, context={},
                                             exception=AssertionError(failure) if failure else None)

    @task
    def visit(self) -> None:
        """The person's steps, once; then the tab stays open (`wait_time`) until the run ends."""
        self.number = Person.outcome["started"]
        Person.outcome["started"] += 1
        link, scenario, edits, other_page, linger = Person.plan[self.number]
        self.session = Session(Person.url_of[self.number])
        try:
            self.timed("open link", lambda: self.session.open(link), scenario)
            for i, (pause, jobs) in enumerate(edits):
                gevent.sleep(pause)
                scenario = scenario.replace(new_jobs=jobs)
                self.timed("edit", lambda: self.session.type_into(JOBS, str(jobs)), scenario)
                if other_page and i == 0:
                    gevent.sleep(pause)
                    self.timed("change page", lambda: self.session.go_to(OTHER_PAGE), None)
                    gevent.sleep(pause)
                    self.timed("back to calculator", lambda: self.session.go_to(""), scenario)
            gevent.sleep(linger)  # after the others' edits, the session still shows its own figure
            self.timed("rerun", self.session.rerun, scenario)
        finally:
            Person.outcome["done"] += 1

    def on_stop(self) -> None:
        self.session.close()


def plan(scenario: str, users: int, edits: int, url: str) -> list:
    """Each person's link, project and edits: the meeting's one link, the team's a project each."""
    people = []
    for n in range(users):
        base = PROJECTS[0 if scenario == "meeting" else n % len(PROJECTS)]
        project = grownj.Scenario.from_dict(base)
        name = "Meeting" if scenario == "meeting" else f"Analyst {n + 1}"
        link = project_link(url, project.to_dict(), name)
        editing = scenario == "team" or n % 4 == 0
        jobs = [base["new_jobs"] + 11 * (i + 1) + 3 * n for i in range(edits)] if editing else []
        pause = 2.0 + (n % 5) * 0.4  # every few seconds, not in step
        linger = pause * (1 if editing else edits + 1)
        people.append((link, project, [(pause, j) for j in jobs], scenario == "team", linger))
    return people


class Watch:
    """The servers' CPU (cores busy, their children included) and memory, sampled every half second."""

    def __init__(self, pids: list[int]):
        self.procs = [psutil.Process(p) for p in pids]
        self.cpu0, self.wall0 = self.cpu(), time.perf_counter()
        self.base = self.rss()
        self.peak_rss, self.peak_cores, self.stop = self.base, 0.0, False
        gevent.spawn(self._sample)

    def tree(self):
        for proc in self.procs:
            yield proc
            yield from proc.children(recursive=True)

    def cpu(self) -> float:
        total = 0.0
        for proc in self.tree():
            try:
                t = proc.cpu_times()
                total += t.user + t.system
            except psutil.NoSuchProcess:
                pass
        return total

    def rss(self) -> int:
        return sum(p.memory_info().rss for p in self.procs)  # the servers only: kaleido's Chromium is shared

    def _sample(self) -> None:
        last, at = self.cpu(), time.perf_counter()
        while not self.stop:
            gevent.sleep(0.5)
            now, t = self.cpu(), time.perf_counter()
            self.peak_cores = max(self.peak_cores, (now - last) / (t - at))
            self.peak_rss = max(self.peak_rss, self.rss())
            last, at = now, t

    def report(self) -> dict:
        self.stop = True
        return {"cores": (self.cpu() - self.cpu0) / (time.perf_counter() - self.wall0),
                "peak_cores": self.peak_cores, "base_mb": self.base / 2**20, "peak_mb": self.peak_rss / 2**20,
                "end_mb": self.rss() / 2**20}


def one_run(scenario: str, users: int, servers: int, edits: int, limit_s: float) -> dict:
    """A fresh set of servers, the scenario's users spawned (the meeting's within 3 s), run until each
    has done its steps or the time limit has passed."""
    started = [start([str(HERE / "serve.py")], ROOT) for _ in range(servers)]
    try:
        urls = [url for _, url in started]
        Person.plan = plan(scenario, users, edits, urls[0])
        Person.url_of = [urls[n % servers] for n in range(users)]
        Person.outcome = {"started": 0, "done": 0, "checked": 0, "failures": [], "times": {}}
        gevent.sleep(2)  # the server's warm-up (scripts/serve.py) settles before anyone arrives
        env = Environment(user_classes=[type("Someone", (Person,), {})])
        runner = env.create_local_runner()
        watch = Watch([proc.pid for proc, _ in started])
        began = time.perf_counter()
        runner.start(users, spawn_rate=users / 3 if scenario == "meeting" else users / 10)
        while Person.outcome["done"] < users and time.perf_counter() - began < limit_s:
            gevent.sleep(0.2)
        if Person.outcome["done"] < users:
            Person.outcome["failures"].append(f"{users - Person.outcome['done']} people had not finished "
                                              f"their steps within {limit_s:.0f} s")
        usage = watch.report()
        runner.quit()
        stats = {name: env.stats.get(name, "WS") for name in INTERACTIONS}
        return {"scenario": scenario, "users": users, "servers": servers, "seconds": time.perf_counter() - began,
                "stats": stats, **Person.outcome, **usage, "load": os.getloadavg()[0]}
    finally:
        for proc, _ in started:
            proc.terminate()
            proc.wait(10)


def quantile(times: list[float], q: float) -> float:
    return statistics.quantiles(times, n=100, method="inclusive")[round(q * 100) - 1] if len(times) > 1 else times[0]


def table(runs: list[dict]) -> None:
    print("\n| scenario | users | servers | interaction | runs | median s | p95 s | errors | server cores, mean "
          "(peak) | server MB before, after (a user) | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in runs:
        per_user = (r["end_mb"] - r["base_mb"]) / r["users"]
        for name in INTERACTIONS:
            times = r["times"].get(name)
            if not times:
                continue
            print(f"| {r['scenario']} | {r['users']} | {r['servers']} | {name} | {len(times)} | "
                  f"{statistics.median(times):.2f} | {quantile(times, 0.95):.2f} | "
                  f"{r['stats'][name].num_failures} | {r['cores']:.2f} ({r['peak_cores']:.2f}) | "
                  f"{r['base_mb']:.0f}, {r['end_mb']:.0f} ({per_user:.1f}) | {r['load']:.2f} |")
    for r in runs:
        print(f"{r['scenario']}, {r['users']} users, {r['servers']} server(s): {r['seconds']:.0f} s, "
              f"{r['checked']} figures checked against the engine, {len(r['failures'])} error(s)"
              + "".join(f"\n  {f}" for f in r["failures"][:5]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, nargs="+", default=[1, 10, 25])
    parser.add_argument("--scenario", nargs="+", choices=["meeting", "team"], default=["meeting", "team"])
    parser.add_argument("--servers", type=int, default=1, help="server processes, users shared in turn")
    parser.add_argument("--edits", type=int, default=3, help="new-jobs edits of each person who edits")
    parser.add_argument("--limit", type=float, default=300, help="seconds a run may take at most")
    args = parser.parse_args()
    machine("start")
    runs = []
    for users in args.users:
        for scenario in args.scenario:
            runs.append(one_run(scenario, users, args.servers, args.edits, args.limit))
            print(f"  {scenario}, {users} users: {runs[-1]['seconds']:.0f} s, load {runs[-1]['load']:.2f}",
                  flush=True)
    machine("end")
    table(runs)


if __name__ == "__main__":
    main()
