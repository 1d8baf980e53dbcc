# The README's commands: `make sim` (the main job), `make test` and `make play`.
.PHONY: sim test play venv
venv:
	tools/bootstrap
sim: venv
	.venv/bin/python tools/sim $(ARGS)
play: venv
	.venv/bin/python tools/play $(ARGS)
test: venv
	.venv/bin/python -P -m pytest -q -n auto --dist loadfile
