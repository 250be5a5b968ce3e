#!/usr/bin/python3
"""Execute a Jupyter notebook with the Deno kernel without dropping outputs, then check it.

Usage: /usr/bin/python3 tests/notebooks/run_notebook.py NOTEBOOK.ipynb OUTPUT.ipynb [--summary FILE.json]

Why not `jupyter nbconvert --execute`: the Deno kernel sometimes publishes `status: idle` on IOPub *before*
a cell's last output message, and nbclient stops reading at idle, so outputs are randomly dropped
(see shared/STACK.md section 5). This runner keeps reading IOPub for a grace period after idle
(env NB_IOPUB_GRACE, seconds, default 0.2; every message that arrives restarts the grace window), and it
also files output that arrives late for an earlier cell under that cell instead of discarding it.

Checks after execution (exit 1 when any fails; the executed notebook is written either way):
  * no cell has an error output;
  * every chart cell (first line `// chart`, or metadata tag "chart") has an image/svg+xml or image/png output;
  * every display cell (first line `// display`, or tag "display") has at least one rich output
    (execute_result or display_data).

Environment: NB_IOPUB_GRACE (s, default 0.2), NB_CELL_TIMEOUT (s, default 600), NB_KERNEL (overrides the
notebook's kernelspec name). The kernel inherits this process's environment and runs in the notebook's dir.
"""

import argparse
import asyncio
import json
import os
import queue
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionComplete
from nbclient.util import ensure_async

GRACE = float(os.environ.get("NB_IOPUB_GRACE", "0.2"))
RICH = ("execute_result", "display_data")
IMAGES = ("image/svg+xml", "image/png")


class GraceClient(NotebookClient):
    """NotebookClient that keeps listening on IOPub for GRACE seconds after a cell goes idle."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.cells_by_parent = {}
        self.grace_outputs = 0  # outputs that arrived after idle (nbclient would have dropped them)
        self.late_outputs = 0  # outputs that arrived after the grace period, re-attached to their cell

    def _handle(self, msg, cell, cell_index):
        """process_message without the idle exception; True when the message was an output."""
        before = len(cell.outputs)
        try:
            self.process_message(msg, cell, cell_index)
        except CellExecutionComplete:
            pass
        return len(cell.outputs) > before

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        assert self.kc is not None
        self.cells_by_parent[parent_msg_id] = (cell, cell_index)
        idle = False
        while True:
            try:
                timeout = GRACE if idle else None
                msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=timeout))
            except queue.Empty:
                return  # quiet for GRACE seconds after idle: the cell is really done
            parent = msg["parent_header"].get("msg_id")
            if parent == parent_msg_id:
                if idle:
                    if self._handle(msg, cell, cell_index):
                        self.grace_outputs += 1
                    continue
                try:
                    self.process_message(msg, cell, cell_index)
                except CellExecutionComplete:
                    idle = True
            elif parent in self.cells_by_parent:
                late_cell, late_index = self.cells_by_parent[parent]
                if self._handle(msg, late_cell, late_index):
                    self.late_outputs += 1
                    print(f"  note: late output for cell {late_index} re-attached", file=sys.stderr)


def source_of(cell):
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def marker(cell, name):
    """True when the cell is tagged `name` or its first line is `// name` (case-insensitive)."""
    if name in cell.get("metadata", {}).get("tags", []):
        return True
    first = source_of(cell).lstrip().split("\n", 1)[0].strip().lower()
    return first in (f"// {name}", f"//{name}", f"# {name}")


def check(nb):
    """Returns (problems, stats) for an executed notebook."""
    problems, outputs, charts, displays = [], 0, 0, 0
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        outs = cell.get("outputs", [])
        outputs += len(outs)
        label = f"cell {index} ({source_of(cell).strip().splitlines()[0][:60] if source_of(cell).strip() else 'empty'})"
        for out in outs:
            if out.get("output_type") == "error":
                problems.append(f"{label}: {out.get('ename')}: {out.get('evalue')}")
        if marker(cell, "chart"):
            charts += 1
            if not any(o.get("output_type") in RICH and any(m in o.get("data", {}) for m in IMAGES) for o in outs):
                problems.append(f"{label}: chart cell has no image/svg+xml or image/png output")
        if marker(cell, "display"):
            displays += 1
            if not any(o.get("output_type") in RICH for o in outs):
                problems.append(f"{label}: display cell has no execute_result/display_data output")
    code_cells = sum(1 for c in nb.cells if c.cell_type == "code")
    return problems, {"code_cells": code_cells, "outputs": outputs, "chart_cells": charts, "display_cells": displays}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebook")
    parser.add_argument("output")
    parser.add_argument("--summary", help="write a JSON summary here")
    args = parser.parse_args()

    nb = nbformat.read(args.notebook, as_version=4)
    kernel = os.environ.get("NB_KERNEL") or nb.metadata.get("kernelspec", {}).get("name", "deno")
    client = GraceClient(
        nb,
        kernel_name=kernel,
        timeout=int(os.environ.get("NB_CELL_TIMEOUT", "600")),
        startup_timeout=120,
        allow_errors=True,  # run every cell; errors are collected and fail the run below
        record_timing=False,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(args.notebook))}},
    )
    started = time.monotonic()
    failure = None
    try:
        client.execute()
    except Exception as exc:  # kernel died, timeout, kernelspec missing...
        failure = f"{type(exc).__name__}: {exc}"
    seconds = round(time.monotonic() - started, 2)
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    nbformat.write(nb, args.output)

    problems, stats = check(nb)
    if failure:
        problems.insert(0, f"execution failed: {failure}")
    summary = {
        "notebook": args.notebook,
        "ok": not problems,
        "seconds": seconds,
        **stats,
        "grace_outputs": client.grace_outputs,
        "late_outputs": client.late_outputs,
        "problems": problems,
    }
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(summary, f, indent=2)
    status = "ok" if not problems else "FAILED"
    print(
        f"{args.notebook}: {status} in {seconds}s: {stats['code_cells']} code cells, {stats['outputs']} outputs, "
        f"{stats['chart_cells']} chart cells, {stats['display_cells']} display cells; "
        f"{client.grace_outputs} outputs caught after idle, {client.late_outputs} late re-attached"
    )
    for problem in problems:
        print(f"  ERROR {problem}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
