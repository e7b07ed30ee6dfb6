config dbPassword "string" {
  secret = true
}

resource ordersDb "streamkap:index:Source" {
  connector = "postgresql"
  config = {
    "database.hostname.user.defined"  = "db.example.com"
    "database.port.user.defined"      = 5432
    "database.user"                   = "streamkap"
    "database.password"               = dbPassword
    "database.dbname"                 = "shop"
    "schema.include.list"             = "public"
    "table.include.list.user.defined" = "public.orders"
  }
}
