"""The scorer bridge: any Inspect scorer as a swarmhost scorer (the plugin
plugins-python/inspect/swarmhost-scorer-inspect serves InspectScorer; see its
doc for the config). The scorer runs as in an Inspect sample: sandbox() and
sandbox(name) through the "swarmhost" sandbox environment over the host's
read-only views, get_model() through the "swarmhost" model API over
ScorerHost.Generate.

inspect_ai is imported by preload() in the background; Metadata answers at
once and the first ValidateConfig or Score waits for the import.
"""

import asyncio
import importlib
import importlib.util
import inspect
import json
import math
import threading

from swarmhost_plugin import Attribute, Diagnostic, Metadata, Schema, Score, Scorer
from swarmhost_plugin._guard import import_error_message
from swarmhost_plugin.scorer import STORE_KEY_RESULT

if importlib.util.find_spec("inspect_ai") is None:  # a clear message before the handshake, not a late failure
    raise ModuleNotFoundError("No module named 'inspect_ai'", name="inspect_ai")

PLUGIN_NAME = "inspect"
"""The plugin's default name (its HCL label)."""

_loaded = threading.Event()
_ia = {}


def _load():
    """Imports the inspect_ai names the bridge uses (once; see preload)."""
    if _loaded.is_set():
        return
    try:
        from inspect_ai.model import ModelName, ModelOutput
        from inspect_ai.scorer import Target
        from inspect_ai.scorer._scorer import scorer_create
        from inspect_ai.solver import TaskState
        from swarmhost_inspect import in_sample
        from swarmhost_inspect.convert import STOP_REASONS, to_inspect_message
        from swarmhost_inspect.scorer_host import scorer_bridge
        _ia.update(locals())
    except ImportError as e:
        _ia["error"] = import_error_message(e)
    except Exception as e:  # noqa: BLE001
        _ia["error"] = f"importing inspect_ai failed: {type(e).__name__}: {e}"
    finally:
        _loaded.set()


def inspect_api():
    """The inspect_ai names this plugin uses, once loaded."""
    _loaded.wait()
    if "error" in _ia:
        raise RuntimeError(_ia["error"])
    return _ia


def create(name: str, args: dict):
    """Inspect's scorer for a registry name or "module:function"."""
    create = inspect_api()["scorer_create"]  # first: importing a module beside the background import deadlocks
    if ":" in name:
        module, _, attr = name.partition(":")
        return getattr(importlib.import_module(module), attr)(**args)
    try:
        return create(name, **args)
    except ValueError:
        if "/" in name:
            raise
        return create("inspect_ai/" + name, **args)


def preload() -> None:
    """Starts importing inspect_ai in the background, so the handshake need
    not wait for it and no Score call pays for it."""
    threading.Thread(target=_load, name="import-inspect_ai", daemon=True).start()


def load() -> None:
    """Imports inspect_ai in the calling thread (what preload does in the
    background): the plugin's serve(warm=load) runs it beside the handshake,
    or once in the zygote a pool's workers are forked from."""
    _load()


def task_state(req):
    """Inspect's TaskState for a ScoreRequest."""
    ia = inspect_api()
    model = req.output.model if "/" in req.output.model else "swarmhost/" + (req.output.model or "unknown")
    output = ia["ModelOutput"].from_content(model, req.output.message.content or req.output.completion,
                                            stop_reason=req.output.stop_reason if req.output.stop_reason in
                                            ia["STOP_REASONS"] else "unknown", error=req.output.error or None)
    output.completion = req.output.completion
    chat_message = ia["to_inspect_message"]
    messages = [chat_message(m) for m in req.messages] or [chat_message(m) for m in req.sample.input]
    return ia["TaskState"](
        model=ia["ModelName"](model), sample_id=req.sample.id, epoch=req.sample.epoch or 1,
        input=[chat_message(m) for m in req.sample.input] or "", messages=messages,
        target=ia["Target"](list(req.sample.target)), choices=list(req.sample.choices) or None, output=output,
        metadata=dict(req.sample.metadata), store=sample_store(req))


def sample_store(req):
    """The sample's store; the result record in it even when a caller sent
    the record alone (the host always sends both)."""
    store = dict(req.store)
    if req.record and STORE_KEY_RESULT not in store:
        store[STORE_KEY_RESULT] = req.record
    return store


def our_score(s):
    """Inspect's Score as the SDK's."""
    if s is None:
        return Score.unscored("the Inspect scorer returned no score")
    value = s.value
    if isinstance(value, float) and math.isnan(value):
        value = math.nan
    return Score(value=value, answer=s.answer, explanation=s.explanation or "",
                 metadata=dict(s.metadata or {}))


class InspectScorer(Scorer):
    """Any Inspect scorer, named by the config, run as in an Inspect sample.
    name is the plugin's name: a plugin of your own can serve your scorers
    under its own label (see examples/seed-scorers)."""

    def __init__(self, name: str = PLUGIN_NAME, description: str = "any scorer of the installed inspect_ai") -> None:
        self.name, self.description = name, description
        self._made, self._lock = {}, threading.Lock()

    def metadata(self):
        return Metadata(
            name=self.name, version="0.1.0", description=self.description,
            schema=Schema(attributes=[
                Attribute("name", "string", required=True,
                          description='Inspect scorer: a registry name ("inspect_ai/match") or "module:function"'),
                Attribute("args", "any", default={}, description="the scorer factory's keyword arguments"),
            ]))

    def _scorer(self, name: str, args: dict):
        """The scorer for a config, made once (as an Inspect task makes its
        scorers once for every sample)."""
        key = (name, json.dumps(args, sort_keys=True, default=str))
        with self._lock:
            made = self._made.get(key)
        if made is None:
            made = create(name, args)
            with self._lock:
                made = self._made.setdefault(key, made)
        return made

    def validate_config(self, config):
        """Builds the scorer once to check its name and arguments."""
        try:
            create(config["name"], config.get("args") or {})
        except (ValueError, LookupError, ImportError, AttributeError) as e:
            return [Diagnostic("Unknown Inspect scorer", f"{config['name']!r}: {e}", path=["name"])]
        except TypeError as e:
            return [Diagnostic("Invalid Inspect scorer arguments", f"{config['name']}: {e}", path=["args"])]
        except RuntimeError as e:
            return [Diagnostic("inspect_ai is not usable", str(e), path=["name"])]
        return []

    def metrics(self, config) -> list | dict:
        """The Inspect scorer's own metrics for a config, as the log's
        eval.scorers writes them (swarmhost_inspect.metrics.declared): what
        the host reports for the scorer when the suite names none."""
        from swarmhost_inspect import metrics
        return metrics.declared(self._scorer(config["name"], config.get("args") or {}))

    def compute_metric(self, config, metric: str, options: dict, samples) -> float | dict | list:
        """One of the scorer's own metrics (a custom @metric, or a built-in
        one with arguments), or an Inspect metric the suite names, over the
        reduced sample scores, computed by Inspect
        (swarmhost_inspect.metrics.compute)."""
        from swarmhost_inspect import metrics
        scores = [{"value": s.score.value, "answer": s.score.answer, "explanation": s.score.explanation,
                   "metadata": s.score.metadata, "sample_id": s.sample_id, "sample_metadata": s.sample_metadata}
                  for s in samples]
        return metrics.compute(self._scorer(config["name"], config.get("args") or {}),
                               {"name": metric, "options": options or {}}, scores)

    def score(self, req):
        """Scores one sample with the Inspect scorer, in a fresh Inspect sample context."""
        ia = inspect_api()
        scorer = self._scorer(req.config["name"], req.config.get("args") or {})
        state, target = task_state(req), ia["Target"](list(req.sample.target))

        async def call():
            result = scorer(state, target)
            return await result if inspect.isawaitable(result) else result

        # a fresh event loop and context per call: Inspect's sample context
        # (sandboxes, active model) is this sample's only
        # every sandbox of the sample: the members' and the task's other services
        # (a swarmhost_plugin before ScoreRequest.sandboxes has only the record's)
        bridge = ia["scorer_bridge"](req.host, req.record, getattr(req, "sandboxes", None))
        bridge.store = state.store  # store() is state.store, as in Inspect's scoring
        result = asyncio.run(ia["in_sample"](bridge, call))
        return our_score(result)
