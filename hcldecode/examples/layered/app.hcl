# The application's file: every value the defaults do not give.
name = "billing"
port = 8080

database {
  url  = "postgres://db.internal/billing"
  pool = 4 * 2
}
