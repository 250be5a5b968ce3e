#!/usr/bin/python3
"""Minimal reproduction: the Deno Jupyter kernel publishes `status: idle` before a cell's output.

Usage: /usr/bin/python3 tools/jupyter_idle_repro.py [N] [kind ...]   (N executions per kind, default 100)

For each kind of tiny cell, executes it N times on one `deno` kernel with plain jupyter_client, reads the
cell's IOPub messages, and counts executions in which an output (execute_result, display_data or stream)
arrives AFTER the cell's `status: idle`. nbclient (`jupyter nbconvert --execute`, papermill) stops reading
at idle, so each such execution is an output missing from the executed notebook. After idle the script
keeps reading for 0.3 s to see late outputs. Print each late sequence with V=1.
See docs/jupyter-kernel-idle-race.md.
"""
import os
import queue
import sys
import time

from jupyter_client.manager import start_new_kernel

SETTLE = "await new Promise((r) => setTimeout(r, 50))"
CELLS = {
    # the cell's value: the kernel sends it as execute_result
    "expr": "1 + 1",
    # an awaited display: display_data sent by the cell itself, before the cell finishes
    "await-display": 'await Deno.jupyter.display({"text/plain": "x"}, {raw: true})',
    # a stream
    "console.log": 'console.log("x")',
    # the workaround (what the toolkit's `await show(x)` does): display, then stay busy 50 ms
    "await-display+settle": f'await Deno.jupyter.display({{"text/plain": "x"}}, {{raw: true}}); {SETTLE}',
    "console.log+settle": f'console.log("x"); {SETTLE}',
}
OUTPUTS = ("execute_result", "display_data", "stream")


def main():
    args = sys.argv[1:]
    n = int(args.pop(0)) if args and args[0].isdigit() else 100
    kinds = args or list(CELLS)
    km, kc = start_new_kernel(kernel_name="deno", startup_timeout=120)
    try:
        kc.execute_interactive("0", timeout=120)  # warm up
        for kind in kinds:
            late = 0
            started = time.monotonic()
            for _ in range(n):
                msg_id = kc.execute(CELLS[kind])
                idle, late_here, seq = False, 0, []
                while True:
                    try:
                        msg = kc.get_iopub_msg(timeout=0.3 if idle else 60)
                    except queue.Empty:
                        break
                    if msg["parent_header"].get("msg_id") != msg_id:
                        continue
                    kind_of = msg["msg_type"]
                    if kind_of == "status":
                        kind_of = msg["content"]["execution_state"]
                        idle = idle or kind_of == "idle"
                    elif kind_of in OUTPUTS and idle:
                        late_here += 1
                    seq.append(kind_of)
                kc.get_shell_msg(timeout=60)
                late += late_here > 0
                if late_here and os.environ.get("V"):
                    print(f"   late: {seq}", flush=True)
            per = (time.monotonic() - started) / n * 1000
            print(f"{kind:22s} {late:3d}/{n} executions had their output after idle ({per:.0f} ms each)", flush=True)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
