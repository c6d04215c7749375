using Microsoft.EntityFrameworkCore;

namespace Popcorn.Playground.Store;

/// <summary>The store's EF Core context: SQLite embedded by default, PostgreSQL when configured (see docs/data.md).</summary>
public class StoreDbContext(DbContextOptions<StoreDbContext> options) : DbContext(options)
{
    /// <summary>Every customer.</summary>
    public DbSet<Customer> Customers => Set<Customer>();

    /// <summary>Every order.</summary>
    public DbSet<Order> Orders => Set<Order>();

    /// <summary>Every order line.</summary>
    public DbSet<OrderLine> OrderLines => Set<OrderLine>();

    /// <summary>Every product.</summary>
    public DbSet<Product> Products => Set<Product>();

    /// <inheritdoc />
    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Customer>().HasOne(c => c.ReferredBy).WithMany().HasForeignKey(c => c.ReferredById);
        modelBuilder.Entity<Order>().HasOne(o => o.Customer).WithMany(c => c.Orders).HasForeignKey(o => o.CustomerId);
        modelBuilder.Entity<Order>().HasMany(o => o.Lines).WithOne().HasForeignKey(l => l.OrderId);
        modelBuilder.Entity<OrderLine>().HasOne(l => l.Product).WithMany().HasForeignKey(l => l.ProductId);
        modelBuilder.Entity<OrderLine>().Property(l => l.UnitPrice).HasPrecision(10, 2);
        modelBuilder.Entity<Product>().Property(p => p.Price).HasPrecision(10, 2);
        modelBuilder.Entity<Product>().Property(p => p.Cost).HasPrecision(10, 2);
    }
}
