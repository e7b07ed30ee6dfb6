config snowflakeKey "string" {
  secret = true
}

resource warehouse "streamkap:index:Destination" {
  connector = "snowflake"
  config = {
    "snowflake.url.name"      = "acme-analytics.snowflakecomputing.com"
    "snowflake.user.name"     = "STREAMKAP"
    "snowflake.private.key"   = snowflakeKey
    "snowflake.database.name" = "ANALYTICS"
    "snowflake.schema.name"   = "RAW"
  }
}
