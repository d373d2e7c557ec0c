"""The expression language of scoring rules: parse -> check -> evaluate.

    parse.parse                  text -> tree (nodes.py), or located Problems
    check.compile_expression     parse and type-check against a deck (env.Env): a resolved tree
    evaluate.evaluate            a resolved tree's value for one side (the interpreter's scoring)

`runtime.py` holds the helpers every engine calls for the functions
(`most`, `primiera`, ...); `compiler.kernel_expressions` emits the same trees as
mask arithmetic for the kernels. The grammar is `scoring.lark`.
"""
