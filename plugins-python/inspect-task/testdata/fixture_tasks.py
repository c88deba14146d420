"""Small Inspect tasks for the task plugin's tests (each a case the plugin
must handle as Inspect would)."""

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample, json_dataset
from inspect_ai.model import GenerateConfig, ModelOutput, get_model
from inspect_ai.scorer import Score, Target, accuracy, match, scorer
from inspect_ai.solver import Generate, TaskState, generate, solver, system_message, use_tools
from inspect_ai.tool import tool
from inspect_ai.util import sandbox, store


@task
def generated(n: int = 3):
    """A dataset generated in Python, n samples."""
    return Task(dataset=MemoryDataset([Sample(id=i + 1, input=f"What is {i} + {i}?", target=str(2 * i),
                                              metadata={"i": i}) for i in range(n)]),
                solver=[system_message("Answer with a number."), generate()], scorer=match())


@task
def unsplittable():
    """The model runs before the last step."""
    return Task(dataset=[Sample(input="hi")], solver=[generate(), generate()], scorer=match())


@task
def setup_last():
    """The last step only prepares the conversation."""
    return Task(dataset=[Sample(input="hi")], solver=[system_message("a"), use_tools([])], scorer=match())


@task
def downloads():
    """Fetches its data at run time."""
    return Task(dataset=json_dataset("https://data.invalid/swarmhost/never.jsonl"), scorer=match())


@task
def bad_row():
    """Row 1 cannot be written to a log."""
    return Task(dataset=MemoryDataset([Sample(id="a", input="ok"), Sample(id="b", input="x", metadata={"f": object()})]),
                scorer=match())


@task
def no_provider():
    """A sandbox type swarmhost has no provider for."""
    return Task(dataset=[Sample(input="hi")], solver=generate(), scorer=match(), sandbox=("ec2", "fleet.yaml"))


@task
def no_input():
    """Row 2 has an empty input."""
    return Task(dataset=MemoryDataset([Sample(id="a", input="ok"), Sample(id="b", input="ok"), Sample(id="c", input="")]),
                scorer=match())


@solver
def which_sandbox():
    """Answers with the sandbox's WHICH variable (each sample's compose file sets its own)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        res = await sandbox().exec(["sh", "-c", "echo $WHICH"])
        state.output = ModelOutput.from_content("none", res.stdout.strip())
        return state

    return solve


@task
def own_sandboxes():
    """Each sample brings its own compose file."""
    return Task(dataset=[Sample(id=w, input="which?", target=w, sandbox=("docker", f"sandboxes/{w}.yaml"))
                         for w in ("a", "b")],
                solver=which_sandbox(), scorer=match(location="exact"))


@task
def own_sandbox_without_provider():
    """A sample brings a sandbox type swarmhost has no provider for."""
    return Task(dataset=[Sample(id="x", input="hi", sandbox=("ec2", "fleet.yaml"))], solver=generate(), scorer=match())


@task
def many_rows(n: int = 200):
    """A generated dataset of n samples with some weight each, for the host's streaming
    (host/e2e/inspecttask_stream_e2e_test.go)."""
    return Task(dataset=MemoryDataset([Sample(id=i + 1, input=f"Row {i + 1}: what is {i} + {i}?", target=str(2 * i),
                                              metadata={"pad": "x" * 1000}) for i in range(n)]),
                solver=[generate()], scorer=match())


@solver
def leave_note():
    """A setup step reaching what Inspect gives a setup solver: it asks the eval's model (get_model())
    for a note and writes it, with the sample's id, into the sample's sandbox."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        out = await get_model().generate(f"Write a note for sample {state.sample_id}.")
        await sandbox().write_file("note.txt", f"{state.sample_id}: {out.completion}")
        return state

    return solve


@tool
def read_note():
    async def execute() -> str:
        """Reads the note the setup left in the sandbox.

        Returns:
            The note.
        """
        note = await sandbox().read_file("note.txt")
        store().set("note_read", note)
        return note

    return execute


@scorer(metrics=[accuracy()])
def note_read():
    """C when a member read, with the task's tool, the note the setup wrote in the sandbox."""

    async def score(state: TaskState, target: Target) -> Score:
        note = await sandbox().read_file("note.txt")
        read = state.store.get("note_read")
        return Score(value="C" if read == note else "I", answer=read, explanation=note)

    return score


@task
def setup_reaches():
    """Setup steps with the sample's sandbox and the eval's model; a task tool other members call; a
    GenerateConfig the eval's model takes in full and other models by its operational keys."""
    return Task(dataset=[Sample(id=i, input="Read the note.") for i in ("a", "b")],
                solver=[leave_note(), use_tools([read_note()]), generate()], scorer=note_read(),
                config=GenerateConfig(temperature=0.25, max_retries=3))


@tool
def tally():
    async def execute(by: int = 1) -> str:
        """Adds to the sample's tally in its store.

        Args:
            by: How much to add.

        Returns:
            The tally.
        """
        n = store().get("tally", 0) + by
        store().set("tally", n)
        return str(n)

    return execute


@task
def store_tool():
    """A task tool that only uses the sample's store."""
    return Task(dataset=[Sample(id=i, input="Count.") for i in ("a", "b")],
                solver=[use_tools([tally()]), generate()], scorer=match())
