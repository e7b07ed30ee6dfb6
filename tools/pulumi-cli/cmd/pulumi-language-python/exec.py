# The entry point pulumi-language-python (main.go, which embeds this file) runs with `python -u -c`: it configures
# the Pulumi Python SDK for this run from its arguments and the PULUMI_CONFIG / PULUMI_CONFIG_SECRET_KEYS
# environment variables, then runs the program's __main__.py inside the stack. Exit codes: 0 when the program ran,
# 32 when it failed and the error has been logged to the engine (which then prints no second, generic one), 1 when
# the Pulumi SDK is missing from this interpreter.
import argparse
import asyncio
import os
import runpy
import sys
import traceback

EXIT_AFTER_LOGGED_ERROR = 32


def parse_arguments():
    parser = argparse.ArgumentParser(prog="pulumi-language-python")
    parser.add_argument("--monitor", required=True)
    parser.add_argument("--engine", default="")
    parser.add_argument("--project", required=True)
    parser.add_argument("--stack", required=True)
    parser.add_argument("--organization", default="")
    parser.add_argument("--root_directory", default="")
    parser.add_argument("--parallel", type=int, default=0)
    parser.add_argument("--dry_run", choices=["true", "false"], default="false")
    parser.add_argument("--pwd", default="")
    parser.add_argument("program")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    return parser.parse_args()


def settings(pulumi, arguments):
    values = {
        "monitor": arguments.monitor,
        "engine": arguments.engine or None,
        "project": arguments.project,
        "stack": arguments.stack,
        "parallel": arguments.parallel or None,
        "dry_run": arguments.dry_run == "true",
        "organization": arguments.organization or None,
        "root_directory": arguments.root_directory or None,
    }
    try:
        return pulumi.runtime.Settings(**values)
    except TypeError:
        # An older SDK without the organization or root directory settings.
        del values["organization"], values["root_directory"]
        return pulumi.runtime.Settings(**values)


def main():
    arguments = parse_arguments()
    try:
        import pulumi
        import pulumi.runtime
    except ImportError as error:
        sys.stderr.write(
            f"error: the Pulumi Python SDK is not installed in {sys.executable} ({error}).\n"
            "Install the program's dependencies into the interpreter that runs it: with the `virtualenv` runtime "
            "option of Pulumi.yaml (e.g. `virtualenv: venv`), run `venv/bin/pip install -r requirements.txt` in "
            "the program's directory; without it, `python3 -m pip install -r requirements.txt`.\n"
        )
        sys.exit(1)

    pulumi.runtime.set_all_config(pulumi.runtime.get_config_env(), pulumi.runtime.get_config_secret_keys_env())
    pulumi.runtime.configure(settings(pulumi, arguments))

    if arguments.pwd:
        os.chdir(arguments.pwd)
    program = os.path.abspath(arguments.program)
    sys.argv = [program] + list(arguments.args)

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    failed = False
    try:
        # run_path on a directory runs its __main__.py, with the directory first on sys.path for its imports.
        loop.run_until_complete(
            pulumi.runtime.run_in_stack(lambda: runpy.run_path(program, run_name="__main__"))
        )
    except pulumi.RunError as error:
        pulumi.log.error(str(error))
        failed = True
    except Exception:
        pulumi.log.error(traceback.format_exc())
        failed = True
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        loop.close()
    sys.exit(EXIT_AFTER_LOGGED_ERROR if failed else 0)


main()
