resource team "streamkap:index:Tag" {
  name        = "team-orders"
  description = "Objects of the orders team"
  types       = ["pipelines", "sources", "transforms"]
}
