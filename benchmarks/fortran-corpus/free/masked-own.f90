! race: no
! masked filter(0) writes a scalar that nothing else touches in the region.
program masked_own
  implicit none
  integer :: banner
  banner = 0
  !$omp parallel
  !$omp masked
  banner = 1
  !$omp end masked
  !$omp end parallel
  print *, banner
end program
