config dbPassword "string" {
  secret = true
}

config snowflakeKey "string" {
  secret = true
}

resource ordersDb "streamkap:index:PostgresqlSource" {
  databaseHostname  = "db.example.com"
  databasePort      = 5432
  databaseUser      = "streamkap"
  databasePassword  = dbPassword
  databaseDbname    = "shop"
  schemaIncludeList = "public"
  tableIncludeList  = "public.orders,public.customers"
}

resource warehouse "streamkap:index:SnowflakeDestination" {
  snowflakeUrlName      = "acme-analytics.snowflakecomputing.com"
  snowflakeUserName     = "STREAMKAP"
  snowflakePrivateKey   = snowflakeKey
  snowflakeDatabaseName = "ANALYTICS"
  snowflakeSchemaName   = "RAW"
}

resource ordersToWarehouse "streamkap:index:Pipeline" {
  sourceId      = "${ordersDb.id}"
  destinationId = "${warehouse.id}"
  topics        = ["public.orders", "public.customers"]
}
