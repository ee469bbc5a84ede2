"""Writers: the model back to source formats (``rulesref convert``)."""
