"""The HTTP operations: each declared once (:mod:`service.operations.table`), their request
schemas and fields, and their answers as data."""
