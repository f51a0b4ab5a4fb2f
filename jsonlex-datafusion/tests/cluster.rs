//! The jsonlex scan on a cluster: datafusion-distributed's planner cuts the plan into
//! stages, serializes them with datafusion-proto and the jsonlex codec, and sends them
//! over gRPC (Arrow Flight) to workers; here the workers are served in this process,
//! over an in-memory duplex instead of TCP. The rows equal the local session's.
//!
//! `cargo test -p jsonlex-datafusion --features cluster --test cluster`

use std::sync::Arc;

use async_trait::async_trait;
use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::common::DataFusionError;
use datafusion::execution::SessionStateBuilder;
use datafusion::physical_plan::displayable;
use datafusion::prelude::{SessionConfig, SessionContext};
use datafusion_distributed::{
    grpc, ChannelResolver, DistributedExt, SessionStateBuilderExt, Worker, WorkerChannel, WorkerQueryContext,
    WorkerResolver,
};
use hyper_util::rt::TokioIo;
use jsonlex_datafusion::{register_jsonlex_format, JsonlexPhysicalCodec};
use tonic::transport::{Endpoint, Server};
use url::Url;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Every worker URL leads to one gRPC server in this process.
#[derive(Clone)]
struct InMemoryChannels {
    channel: grpc::BoxCloneSyncChannel,
}

impl InMemoryChannels {
    /// Starts the worker service (its sessions know the jsonlex codec) on one end of a
    /// duplex; the client end is the channel.
    fn start() -> InMemoryChannels {
        let (client, server) = tokio::io::duplex(1 << 20);
        let mut client = Some(client);
        let channel = Endpoint::try_from("http://in-memory:50051").unwrap().connect_with_connector_lazy(
            tower::service_fn(move |_| {
                let client = client.take().expect("one connection");
                async move { Ok::<_, std::io::Error>(TokioIo::new(client)) }
            }),
        );
        let channels = InMemoryChannels { channel: grpc::BoxCloneSyncChannel::new(channel) };
        let for_workers = channels.clone();
        let worker = Worker::from_session_builder(move |ctx: WorkerQueryContext| {
            let channels = for_workers.clone();
            async move {
                Ok(ctx
                    .builder
                    .with_distributed_user_codec(JsonlexPhysicalCodec)
                    .with_distributed_channel_resolver(channels)
                    .build())
            }
        });
        tokio::spawn(async move {
            Server::builder()
                .add_service(worker.into_worker_server())
                .serve_with_incoming(tokio_stream::once(Ok::<_, std::io::Error>(server)))
                .await
        });
        channels
    }
}

#[async_trait]
impl ChannelResolver for InMemoryChannels {
    async fn get_worker_client_for_url(&self, _: &Url) -> Result<Box<dyn WorkerChannel>, DataFusionError> {
        Ok(grpc::create_worker_client(self.channel.clone()))
    }
}

struct Workers(usize);

impl WorkerResolver for Workers {
    fn get_urls(&self) -> Result<Vec<Url>, DataFusionError> {
        (0..self.0)
            .map(|i| Url::parse(&format!("http://worker-{i}")).map_err(|e| DataFusionError::External(Box::new(e))))
            .collect()
    }
}

async fn rows(ctx: &SessionContext, sql: &str) -> RecordBatch {
    let batches = ctx
        .sql(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .collect()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    concat_batches(&batches[0].schema(), &batches).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_gets_the_local_rows() {
    let workers = 3;
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new().with_target_partitions(workers).with_repartition_file_min_size(1))
        .with_distributed_planner()
        .with_distributed_worker_resolver(Workers(workers))
        .with_distributed_channel_resolver(InMemoryChannels::start())
        .with_distributed_user_codec(JsonlexPhysicalCodec)
        .with_distributed_file_scan_config_bytes_per_partition(1)
        .unwrap()
        .build();
    let cluster = SessionContext::from(state);
    let local = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(workers));
    let create = format!("CREATE EXTERNAL TABLE events STORED AS JSONLEX LOCATION '{}'", data("events.ndjson"));
    for ctx in [&cluster, &local] {
        register_jsonlex_format(ctx).unwrap();
        ctx.sql(&create).await.unwrap();
    }
    let queries = [
        "SELECT count(*) FROM events",
        "SELECT get_field(events.\"user\", 'country') AS c, count(*) AS n, max(latency_ms) AS m FROM events GROUP BY get_field(events.\"user\", 'country') ORDER BY c",
        "SELECT id, msg FROM events WHERE level = 'ERROR' ORDER BY id",
    ];
    for sql in queries {
        let plan = cluster.sql(sql).await.unwrap().create_physical_plan().await.unwrap();
        let shown = displayable(plan.as_ref()).indent(true).to_string();
        assert!(shown.contains("DistributedExec"), "not distributed:\n{shown}");
        let (got, want) = (rows(&cluster, sql).await, rows(&local, sql).await);
        assert_eq!(
            got,
            want,
            "{sql}\ncluster:\n{}\nlocal:\n{}",
            pretty_format_batches(std::slice::from_ref(&got)).unwrap(),
            pretty_format_batches(std::slice::from_ref(&want)).unwrap()
        );
    }
}
