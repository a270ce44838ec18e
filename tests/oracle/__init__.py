"""The step-by-step oracle: the runner, an interpreter of the notation that walks it node by node,
independently of the engine's written code (:class:`~tests.oracle.rules.OracleRules`). The
differential tests check the engine's compiled, traced, heap, stack and reach code against it."""
