"""API tests of the web server: a real server process over SQLite and PostgreSQL."""
