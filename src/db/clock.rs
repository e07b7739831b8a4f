//! The database's clock, in Unix milliseconds: the one clock that every process deciding
//! something shared (a delivery's due time and lease, a rate-limit window) reads, so that a host
//! whose own clock is off never takes what another still holds. On SQLite it is the clock of the
//! machine the file lives on (every process using it runs there); on Postgres, the server's.

use super::{Conn, DbError, on_conn};

/// The expression for the database's time now, in Unix milliseconds, as a BIGINT.
pub fn now_sql(conn: &Conn<'_>) -> &'static str {
    match conn {
        Conn::Sqlite(_) => "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)",
        Conn::Postgres(_) => "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT",
    }
}

/// The database's time now.
pub async fn now_ms(conn: Conn<'_>) -> Result<i64, DbError> {
    let sql = format!("SELECT {}", now_sql(&conn));
    Ok(on_conn!(conn, c => sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(c).await?))
}
