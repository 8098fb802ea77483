"""One module per feature of the API. Each exposes ``install(app, state)``; ``app.FEATURES``
lists them, so a new feature is a new module and one line there."""
