//! The `people` and `members` tables: who manages which space, and in which role. An email
//! address read here goes only to the shell and to the space's own members.

use super::{Conn, DbError, on_conn};
use crate::domain::Role;
use crate::ids::{PersonId, SpaceId};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PersonRow {
    pub id: PersonId,
    pub email: String,
    pub email_key: String,
    /// The Argon2id hash (PHC string), once the person has set a password.
    pub password_hash: Option<String>,
    pub created_at: i64,
}

/// One member of a space, with the person's address.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MemberRow {
    pub space_id: SpaceId,
    pub person_id: PersonId,
    pub email: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
    pub added_at: i64,
}

/// A space a person is a member of.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Membership {
    pub space_id: SpaceId,
    pub slug: String,
    pub name: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
}

pub async fn find_by_email_key(
    conn: Conn<'_>,
    email_key: &str,
) -> Result<Option<PersonRow>, DbError> {
    const SQL: &str = "SELECT * FROM people WHERE email_key = $1";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, PersonRow>(SQL).bind(email_key).fetch_optional(c).await?),
    )
}

pub async fn find(conn: Conn<'_>, id: PersonId) -> Result<Option<PersonRow>, DbError> {
    const SQL: &str = "SELECT * FROM people WHERE id = $1";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, PersonRow>(SQL).bind(id).fetch_optional(c).await?))
}

/// The person with `email_key`, created with `email` if there is none.
pub async fn find_or_insert(
    mut conn: Conn<'_>,
    email: &str,
    email_key: &str,
    now: i64,
) -> Result<PersonRow, DbError> {
    if let Some(found) = find_by_email_key(conn.reborrow(), email_key).await? {
        return Ok(found);
    }
    const SQL: &str =
        "INSERT INTO people (email, email_key, created_at) VALUES ($1, $2, $3) RETURNING *";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, PersonRow>(SQL)
        .bind(email).bind(email_key).bind(now).fetch_one(c).await?))
}

pub async fn set_password_hash(conn: Conn<'_>, id: PersonId, hash: &str) -> Result<(), DbError> {
    const SQL: &str = "UPDATE people SET password_hash = $2 WHERE id = $1";
    let affected =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(hash).execute(c).await?.rows_affected());
    super::changed_one(affected, id)
}

/// The space's members, owners first, then by address.
pub async fn members(conn: Conn<'_>, space_id: SpaceId) -> Result<Vec<MemberRow>, DbError> {
    const SQL: &str = "SELECT m.space_id, m.person_id, p.email, m.role, m.added_at \
        FROM members m JOIN people p ON p.id = m.person_id WHERE m.space_id = $1 \
        ORDER BY CASE m.role WHEN 'owner' THEN 0 ELSE 1 END, p.email_key";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, MemberRow>(SQL).bind(space_id).fetch_all(c).await?))
}

/// The person's role in the space, if a member.
pub async fn role(
    conn: Conn<'_>,
    space_id: SpaceId,
    person_id: PersonId,
) -> Result<Option<Role>, DbError> {
    const SQL: &str = "SELECT role FROM members WHERE space_id = $1 AND person_id = $2";
    let role: Option<String> = on_conn!(conn, c => sqlx::query_scalar(SQL)
        .bind(space_id).bind(person_id).fetch_optional(c).await?);
    role.map(|r| {
        r.parse()
            .map_err(|e: crate::domain::UnknownValue| DbError::Corrupt(e.to_string()))
    })
    .transpose()
}

/// The spaces the person is a member of, by slug.
pub async fn memberships(conn: Conn<'_>, person_id: PersonId) -> Result<Vec<Membership>, DbError> {
    const SQL: &str = "SELECT s.id AS space_id, s.slug, s.name, m.role \
        FROM members m JOIN spaces s ON s.id = m.space_id WHERE m.person_id = $1 ORDER BY s.slug";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, Membership>(SQL).bind(person_id).fetch_all(c).await?),
    )
}

pub async fn insert_member(
    conn: Conn<'_>,
    space_id: SpaceId,
    person_id: PersonId,
    role: Role,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str =
        "INSERT INTO members (space_id, person_id, role, added_at) VALUES ($1, $2, $3, $4)";
    on_conn!(conn, c => sqlx::query(SQL)
        .bind(space_id).bind(person_id).bind(role.as_str()).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

pub async fn set_role(
    conn: Conn<'_>,
    space_id: SpaceId,
    person_id: PersonId,
    role: Role,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE members SET role = $3 WHERE space_id = $1 AND person_id = $2";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(space_id).bind(person_id).bind(role.as_str()).execute(c).await?.rows_affected());
    super::changed_one(affected, person_id)
}

pub async fn delete_member(
    conn: Conn<'_>,
    space_id: SpaceId,
    person_id: PersonId,
) -> Result<(), DbError> {
    const SQL: &str = "DELETE FROM members WHERE space_id = $1 AND person_id = $2";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(space_id).bind(person_id).execute(c).await?.rows_affected());
    super::changed_one(affected, person_id)
}

pub async fn count_owners(conn: Conn<'_>, space_id: SpaceId) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM members WHERE space_id = $1 AND role = 'owner'";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(space_id).fetch_one(c).await?))
}
