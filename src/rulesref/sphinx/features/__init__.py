"""The site's features, each a module or sub-package with its own ``setup``
(called by :func:`rulesref.sphinx.setup`).

A feature imports the core (:mod:`rulesref.sphinx`'s own modules) and never
another feature: it adds directives, roles and nodes, and meets the others
only in the ``rules`` domain's data and in Sphinx's events.  The contracts in
pyproject.toml ("sphinx features never import each other", "sphinx: features
<- core") keep it so.
"""
