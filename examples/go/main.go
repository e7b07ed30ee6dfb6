// The quickstart in Go: a Postgres source feeding a Snowflake destination through one pipeline, plus a topic. The
// same objects, settings and outputs as examples/yaml/Pulumi.yaml, through the generated Go SDK.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")

		orders, err := streamkap.NewPostgresqlSource(ctx, "orders-db", &streamkap.PostgresqlSourceArgs{
			DatabaseHostname:  pulumi.String("db.internal.example.com"),
			DatabasePort:      pulumi.Int(5432),
			DatabaseUser:      pulumi.String("streamkap"),
			DatabasePassword:  secretOr(cfg, "dbPassword", "local-demo-password"),
			DatabaseDbname:    pulumi.String("shop"),
			SchemaIncludeList: pulumi.String("public"),
			TableIncludeList:  pulumi.String("public.orders,public.customers"),
		})
		if err != nil {
			return err
		}

		warehouse, err := streamkap.NewSnowflakeDestination(ctx, "warehouse", &streamkap.SnowflakeDestinationArgs{
			SnowflakeUrlName:      pulumi.String("acme-analytics.snowflakecomputing.com"),
			SnowflakeUserName:     pulumi.String("STREAMKAP"),
			SnowflakePrivateKey:   secretOr(cfg, "snowflakeKey", "local-demo-private-key"),
			SnowflakeDatabaseName: pulumi.String("ANALYTICS"),
			SnowflakeSchemaName:   pulumi.String("RAW"),
		})
		if err != nil {
			return err
		}

		pipeline, err := streamkap.NewPipeline(ctx, "orders-to-warehouse", &streamkap.PipelineArgs{
			SourceId:      orders.ID(),
			DestinationId: warehouse.ID(),
			Topics:        pulumi.StringArray{pulumi.String("public.orders"), pulumi.String("public.customers")},
		})
		if err != nil {
			return err
		}

		events, err := streamkap.NewTopic(ctx, "events", &streamkap.TopicArgs{
			Name:       pulumi.String("events-" + ctx.Stack()),
			Partitions: pulumi.Int(3),
		})
		if err != nil {
			return err
		}

		ctx.Export("sourceId", orders.ID())
		ctx.Export("sourceStatus", orders.ConnectorStatus)
		ctx.Export("pipelineTopics", pipeline.TopicIds)
		ctx.Export("topicId", events.ID())
		return nil
	})
}

// secretOr is the stack's secret config value `key` (`pulumi config set --secret <key> …`) when set, else the demo
// value, which the local API server accepts; either way Pulumi stores it encrypted.
func secretOr(cfg *config.Config, key, demo string) pulumi.StringInput {
	if value, err := cfg.TrySecret(key); err == nil {
		return value
	}
	return pulumi.ToSecret(pulumi.String(demo)).(pulumi.StringOutput)
}
