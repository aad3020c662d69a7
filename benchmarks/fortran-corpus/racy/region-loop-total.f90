! race: yes
! Every thread of the region runs the whole loop, adding to one total.
program region_loop_total
  implicit none
  integer :: k, total
  total = 0
  !$omp parallel private(k)
  do k = 1, 10
    total = total + k
  end do
  !$omp end parallel
  print *, total
end program
