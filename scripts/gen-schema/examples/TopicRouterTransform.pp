resource topicRouter "streamkap:index:TopicRouterTransform" {
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "orders_topic_router"
}
