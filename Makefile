# The README's two commands: `make sim` (the main job) and `make test`.
.PHONY: sim test venv
venv:
	tools/bootstrap
sim: venv
	.venv/bin/python tools/sim $(ARGS)
test: venv
	.venv/bin/python -P -m pytest -q
