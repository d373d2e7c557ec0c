"""The language: a rule file -> a checked, complete variant (the IR).

The stages, each one module with one entry function, run in this order:

    loader.load_document     YAML -> plain data + where every value was written
    schema.check_document    the JSON Schema (draft-07, the editors' draft)
    resolve.Resolver         extends (merge.py), options (options.py) -> resolved.Resolved
    build.build_variant      the IR (ir.py) and every semantic check
    validate.validate_file   all of the above for one file, every diagnostic collected

`cards.py` turns the IR's deck into card indices and bit masks, `expr/` is the
expression language of the scoring rules, and `diagnostics.py` is the one
shape every problem takes. Nothing here plays a card: that is `engine/`.
"""
