using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>A seeded test store on one provider, with the SQL it was sent.</summary>
public interface IStoreDatabase : IDisposable
{
    SqlCapture Sql { get; }

    /// <summary>The store's options (with <see cref="Sql"/>); a test adds its own interceptors to a copy.</summary>
    DbContextOptions<StoreDbContext> Options { get; }

    StoreDbContext CreateContext();
}
