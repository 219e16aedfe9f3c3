"""The engine: one scenario, a table of them, a batch file or an export, all through the rules; and
reforms, the law with some parameters changed, run beside it."""
