// A layer the table does not know (layering.test expects an error).
