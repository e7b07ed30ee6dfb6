resource sqlJoin "streamkap:index:SqlJoinTransform" {
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "orders_sql_join"
  topicTtl           = "1h"
}
