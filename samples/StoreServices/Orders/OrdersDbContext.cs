using Microsoft.EntityFrameworkCore;

namespace Popcorn.StoreServices.Orders;

/// <summary>The orders service's database: orders and their lines.</summary>
public class OrdersDbContext(DbContextOptions<OrdersDbContext> options) : DbContext(options)
{
    /// <summary>Every order.</summary>
    public DbSet<Order> Orders => Set<Order>();

    /// <inheritdoc />
    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Order>().HasMany(o => o.Lines).WithOne().HasForeignKey(l => l.OrderId);
        modelBuilder.Entity<Order>().Property(o => o.Total).HasConversion<double>();
        modelBuilder.Entity<OrderLine>().Property(l => l.UnitPrice).HasConversion<double>();
        // SQLite cannot order or compare DateTimeOffset values; kept as UTC ticks, which sort as the instants do.
        modelBuilder.Entity<Order>().Property(o => o.PlacedAt).HasConversion(v => v.UtcTicks, v => new DateTimeOffset(v, TimeSpan.Zero));
    }
}
