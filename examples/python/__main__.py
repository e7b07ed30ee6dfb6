"""The quickstart in Python: a Postgres source feeding a Snowflake destination through one pipeline, plus a topic.

The same objects, settings and outputs as examples/yaml/Pulumi.yaml and examples/go, through the generated Python SDK
(sdk-gen/python/pulumi_streamkap).
"""

import pulumi
import pulumi_streamkap as streamkap

config = pulumi.Config()


def secret_or(key: str, demo: str) -> pulumi.Input[str]:
    """The stack's secret config value `key` (`pulumi config set --secret <key> …`) when set, else the demo value,
    which the local API server accepts; either way Pulumi stores it encrypted."""
    value = config.get_secret(key)
    return value if value is not None else pulumi.Output.secret(demo)


orders = streamkap.PostgresqlSource(
    "orders-db",
    database_hostname="db.internal.example.com",
    database_port=5432,
    database_user="streamkap",
    database_password=secret_or("dbPassword", "local-demo-password"),
    database_dbname="shop",
    schema_include_list="public",
    table_include_list="public.orders,public.customers",
)

warehouse = streamkap.SnowflakeDestination(
    "warehouse",
    snowflake_url_name="acme-analytics.snowflakecomputing.com",
    snowflake_user_name="STREAMKAP",
    snowflake_private_key=secret_or("snowflakeKey", "local-demo-private-key"),
    snowflake_database_name="ANALYTICS",
    snowflake_schema_name="RAW",
)

pipeline = streamkap.Pipeline(
    "orders-to-warehouse",
    source_id=orders.id,
    destination_id=warehouse.id,
    topics=["public.orders", "public.customers"],
)

events = streamkap.Topic(
    "events",
    name=f"events-{pulumi.get_stack()}",
    partitions=3,
)

pulumi.export("sourceId", orders.id)
pulumi.export("sourceStatus", orders.connector_status)
pulumi.export("pipelineTopics", pipeline.topic_ids)
pulumi.export("topicId", events.id)
